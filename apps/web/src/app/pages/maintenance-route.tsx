import { Navigate } from 'react-router';
import { MaintenancePage } from '../../features/maintenance/components/maintenance-page.tsx';
import { isMaintenanceOn, useAppFlags } from '../use-app-flags.ts';

export function MaintenanceRoute() {
  const flags = useAppFlags();
  if (!isMaintenanceOn(flags)) return <Navigate to="/" replace />;
  return <MaintenancePage isPlanned={flags.PlannedMaintenance} />;
}
