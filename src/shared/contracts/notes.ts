import { z } from 'zod';
import { ZDay, zText, ZVersion } from './common';

export const NOTE_FORM_COLOR = '#9ca3af';

export const noteMessages = {
  title: 'Note is required',
  titleMax: 'Note must be under 100 characters',
  color: 'Color is required',
  colorFormat: 'Color must be a 7-character hex code such as #3b82f6',
  endBeforeStart: 'End date cannot be before start date',
  stale: 'This note was changed by someone else. Reload the calendar and try again.',
} as const;

/** The longest note title and details; the web form counts towards them and the same schema refuses more. */
export const NOTE_TITLE_MAX = 100;
export const NOTE_DESCRIPTION_MAX = 5000;
const title = zText({ field: 'Note', message: noteMessages.title })
  .trim()
  .min(1, noteMessages.title)
  .max(NOTE_TITLE_MAX, noteMessages.titleMax);
const color = z
  .string({ message: noteMessages.color })
  .trim()
  .min(1, { message: noteMessages.color, abort: true })
  .regex(/^#[0-9a-fA-F]{6}$/, noteMessages.colorFormat);
const description = zText({ field: 'Description', message: 'Description must be text', multiline: true })
  .max(NOTE_DESCRIPTION_MAX, 'Description must be 5,000 characters or fewer')
  .nullable();
const isFullDay = z.boolean({ message: 'isFullDay must be true or false' });

const endNotBeforeStart = (v: { startDate?: string; endDate?: string | null }) => !v.startDate || !v.endDate || v.endDate >= v.startDate;

/** POST /api/notes. A missing end date is the start date (spec §5). */
export const ZNoteRequest = z
  .object({
    title,
    description: description.optional(),
    startDate: ZDay,
    endDate: ZDay.nullish(),
    color,
    isFullDay: isFullDay.default(true),
  })
  .refine(endNotBeforeStart, { message: noteMessages.endBeforeStart, path: ['endDate'] });
export type TNoteRequest = z.input<typeof ZNoteRequest>;
export type TNoteValues = z.output<typeof ZNoteRequest>;

/** PATCH /api/notes/{id}: any subset (move and resize send only dates), plus the `version` last read. */
export const ZNotePatchRequest = z
  .object({
    title: title.optional(),
    description: description.optional(),
    startDate: ZDay.optional(),
    endDate: ZDay.optional(),
    color: color.optional(),
    isFullDay: isFullDay.optional(),
    version: ZVersion,
  })
  .refine(endNotBeforeStart, { message: noteMessages.endBeforeStart, path: ['endDate'] });
export type TNotePatchRequest = z.input<typeof ZNotePatchRequest>;
export type TNotePatchValues = z.output<typeof ZNotePatchRequest>;
