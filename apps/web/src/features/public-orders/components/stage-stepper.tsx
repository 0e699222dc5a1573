import { Text, ThemeIcon } from '@mantine/core';
import type { PublicTrackingStage } from '@riderdesk/domain/order-status';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useConfig } from '../../../shared/config/config-context.tsx';
import { formatTime } from '../../../shared/format/format.ts';
import { isFinalStage, stageSteps } from '../public-stages.ts';
import classes from './public-orders.module.css';

/** spec §4 public tracking stages as a vertical stepper. */
export function StageStepper({
  stage,
  timeline,
}: {
  stage: PublicTrackingStage | null;
  timeline: readonly { stage: PublicTrackingStage; at: string }[];
}) {
  const { t, i18n } = useTranslation();
  const { country } = useConfig();
  const steps = stageSteps(stage, timeline);
  return (
    <ol className={classes.stepper} aria-label={t('public.stages')}>
      {steps.map((step) => {
        const state = step.state === 'current' && isFinalStage(stage) ? 'done' : step.state;
        return (
          <li
            key={step.stage}
            className={classes.step}
            data-state={state}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <ThemeIcon
              className={classes.stepIcon}
              size={24}
              radius="xl"
              variant={state === 'upcoming' ? 'default' : 'filled'}
              color={state === 'upcoming' ? 'gray' : undefined}
              aria-hidden
            >
              {state === 'done' ? <IconCheck size={14} stroke={3} /> : <span className={classes.stepDot} />}
            </ThemeIcon>
            <div className={classes.stepText}>
              <Text fz="sm" fw={state === 'current' ? 700 : 500} c={state === 'upcoming' ? 'dimmed' : undefined}>
                {t(`public.stage.${step.stage}`)}
              </Text>
              {step.at && state !== 'upcoming' && (
                <Text fz="xs" c="dimmed">
                  {formatTime(Date.parse(step.at), country.timeZone, i18n.language)}
                </Text>
              )}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
