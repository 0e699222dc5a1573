import { useWelcome } from '../api/get-welcome.ts';
import { useMarkWelcomeSeen } from '../api/mark-welcome-seen.ts';
import { WelcomeWalkthrough } from './welcome-walkthrough.tsx';

/**
 * spec §2: the welcome walkthrough, shown once to a new user. The server remembers it per user, so it does not
 * come back after the next login nor on another device (decision 087). Skipping counts as seen. While the
 * answer is loading, or when it cannot be had, nothing is shown: the walkthrough never stands in the way.
 */
export function FirstVisitWelcome({ email }: { email: string }) {
  const welcome = useWelcome(email);
  const markSeen = useMarkWelcomeSeen(email);
  return <WelcomeWalkthrough opened={welcome.data?.seen === false} onEnd={() => markSeen.mutate()} />;
}
