import { Navigate } from 'react-router';
import { useMaintenanceRecheck } from '../../features/flags/hooks/use-flags.ts';
import { MaintenancePage } from '../../features/maintenance/components/maintenance-page.tsx';
import { isMaintenanceOn, useAppFlags } from '../use-app-flags.ts';

export function MaintenanceRoute() {
  const flags = useAppFlags();
  useMaintenanceRecheck();
  if (!isMaintenanceOn(flags)) return <Navigate to="/" replace />;
  return <MaintenancePage isPlanned={flags.PlannedMaintenance} />;
}
