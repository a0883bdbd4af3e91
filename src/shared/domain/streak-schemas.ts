// The forms of forgiving streaks (issue 43), shared by the screens and the server, each carrying the
// words the member sees: the mode, rest days and a pause.

import { z } from 'zod';
import { PAUSE_DAYS_PER_CYCLE, REST_DAYS_MAX, STREAK_MODES, WEEKDAY_KEYS } from '../constants';
import { msg } from '../messages';
import { isLocalDate } from './local-date';

export const streakModeSchema = z.strictObject({
  mode: z.enum(STREAK_MODES, { error: () => msg.streakModeInvalid }),
});

export const restDaysSchema = z.strictObject({
  days: z
    .array(z.enum(WEEKDAY_KEYS, { error: () => msg.restDaysInvalid }), {
      error: () => msg.restDaysInvalid,
    })
    .max(REST_DAYS_MAX, { error: () => msg.restDaysTooMany })
    .refine((days) => new Set(days).size === days.length, { error: () => msg.restDaysInvalid }),
});

export const pauseSchema = z.strictObject({
  startDate: z.string({ error: () => msg.pauseStartInvalid }).refine(isLocalDate, {
    error: () => msg.pauseStartInvalid,
  }),
  days: z
    .number({ error: () => msg.pauseDaysInvalid })
    .int({ error: () => msg.pauseDaysInvalid })
    .min(1, { error: () => msg.pauseDaysInvalid })
    .max(PAUSE_DAYS_PER_CYCLE, { error: () => msg.pauseDaysInvalid }),
});

export type PauseInput = z.infer<typeof pauseSchema>;
export type StreakModeInput = z.infer<typeof streakModeSchema>;
export type RestDaysInput = z.infer<typeof restDaysSchema>;
