import { z } from 'zod';
import { ZReason } from './calendar';
import { ZDirection, zText } from './common';

export const DEFAULT_REASON_COLOR = '#3b82f6';

export const reasonMessages = {
  additiveCounts: 'A type that adds hours cannot count against the allowance: turn one of them off',
  additiveRequestable: 'A type that adds hours cannot be requested as time off: turn one of them off',
} as const;

/** `#rgb` or `#rrggbb`. */
export const HEX_COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** Create and edit an exception type (spec §5 "Exception type"). */
export const ZReasonInput = z.object({
  name: zText({ field: 'Name', message: 'Name must be at least 2 characters' })
    .trim()
    .min(2, 'Name must be at least 2 characters')
    .max(50, 'Name must be 50 characters or fewer'),
  color: z
    .string({ message: 'Color is required' })
    .trim()
    .min(4, { message: 'Color is required', abort: true })
    .regex(HEX_COLOR, 'Color must be a hex code such as #3b82f6')
    .default(DEFAULT_REASON_COLOR),
  isAdditive: z.boolean({ message: 'isAdditive must be true or false' }).default(false),
  /** Left out: unchanged on an edit, false on a create (decision 092). */
  needsTwoApprovals: z.boolean({ message: 'needsTwoApprovals must be true or false' }).optional(),
  /** Left out: unchanged on an edit, false on a create (decision 095). Refused on a type that adds hours. */
  countsAgainstAllowance: z.boolean({ message: 'countsAgainstAllowance must be true or false' }).optional(),
  /** Left out: unchanged on an edit, false on a create (decision 106). A sickness name counts as sickness anyway. */
  isSickness: z.boolean({ message: 'isSickness must be true or false' }).optional(),
  /**
   * Left out: true unless the type adds hours (on a create), unchanged (on an edit) unless it adds hours, then false
   * (decision 113). True on a type that adds hours is refused: extra hours are never time off to ask for.
   */
  isRequestable: z.boolean({ message: 'isRequestable must be true or false' }).optional(),
});
/** What a form sends (color and isAdditive may be left out). */
export type TReasonInput = z.input<typeof ZReasonInput>;
export type TReasonValues = z.output<typeof ZReasonInput>;

export const ZReasonReorderRequest = z.object({ direction: ZDirection });
export type TReasonReorderRequest = z.infer<typeof ZReasonReorderRequest>;

export const ZReasonList = z.array(ZReason);

export const reasonInUseMessage = (n: number) =>
  `This exception type is used by ${n} ${n === 1 ? 'exception' : 'exceptions'}. Move or delete them first.`;
