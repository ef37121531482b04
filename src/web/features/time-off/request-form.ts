/** The request dialog's values, checked with the shared contract before they are sent. Pure. */
import { leaveRequestMessages, ZLeaveRequestCreate, type TLeaveRequestCreate } from '../../../shared/contracts/leave-requests';

export interface RequestValues {
  reasonId: string;
  startDate: string;
  endDate: string;
  isFullDay: boolean;
  hours: string;
  note: string;
}

export type RequestField = 'reasonId' | 'startDate' | 'endDate' | 'hours' | 'note';
const FIELDS: readonly string[] = ['reasonId', 'startDate', 'endDate', 'hours', 'note'];
export type FieldErrors = Partial<Record<RequestField, string>>;

export const initialRequest = (today: string): RequestValues => ({
  reasonId: '',
  startDate: today,
  endDate: today,
  isFullDay: true,
  hours: '',
  note: '',
});

/** The body to send, or each field's first problem in the contract's own words. */
export function checkRequest(v: RequestValues, today: string): { body: TLeaveRequestCreate } | { errors: FieldErrors } {
  const hours = v.isFullDay || v.hours.trim() === '' ? null : Number(v.hours);
  const input = {
    reasonId: v.reasonId === '' ? undefined : Number(v.reasonId),
    startDate: v.startDate,
    endDate: v.endDate,
    isFullDay: v.isFullDay,
    hours,
    note: v.note.trim() ? v.note.trim() : null,
  };
  const parsed = ZLeaveRequestCreate.safeParse(input);
  const errors: FieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '') as RequestField;
      if (FIELDS.includes(field) && !errors[field]) errors[field] = issue.message;
    }
  }
  if (!errors.startDate && v.startDate && v.startDate < today) errors.startDate = leaveRequestMessages.past;
  if (!parsed.success || Object.keys(errors).length) return { errors };
  return { body: parsed.data };
}

/** A server refusal's issues, placed on the fields they name; the rest stays the dialog's message. */
export function fieldErrorsOf(issues: ReadonlyArray<{ path: string; message: string }> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const i of issues ?? []) {
    const field = i.path.split('.').find((part) => FIELDS.includes(part as RequestField)) as RequestField | undefined;
    if (field && !errors[field]) errors[field] = i.message;
  }
  return errors;
}
