import type { TEmployee } from '../../../shared/contracts/employees';
import type { TAuthoriseMultipleResponse } from '../../../shared/contracts/day-changes';

/*
 * The calendar's own checks of data it did not just fetch through the typed client, in plain code: no zod
 * at all loads with the calendar (decisions 034 and 047; zod/mini alone was 15 kB gzip on arrival). The
 * shared contracts stay full zod for the server and the forms; these only check a record's shape, whose
 * rules the server already enforced. The key lists are typed against the contracts' types, so the typecheck
 * fails when a contract gains, loses or retypes a field. Answers keep zod's form: a copy with only the known
 * keys, or the first issue's path and "Invalid input".
 */
export interface ShapeIssue {
  path: string[];
  message: string;
}
export type ShapeResult<T> = { success: true; data: T } | { success: false; error: { issues: ShapeIssue[] } };

type Check = (v: unknown) => boolean;
const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isString: Check = (v) => typeof v === 'string';
const isStringArray: Check = (v) => Array.isArray(v) && v.every(isString);
const isOptionalNumber: Check = (v) => v === undefined || isNumber(v);
const isOptionalDay: Check = (v) => v === undefined || v === null || isString(v);
const isOptionalNumberOrNull: Check = (v) => v === null || isOptionalNumber(v);
const isOptionalList: Check = (v) => v === undefined || Array.isArray(v);

/** A checker for an object of the given fields, in order. */
function shape<T>(fields: { [K in keyof T]-?: Check }) {
  return {
    safeParse(input: unknown): ShapeResult<T> {
      const fail = (path: string[]): ShapeResult<T> => ({ success: false, error: { issues: [{ path, message: 'Invalid input' }] } });
      if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail([]);
      const out: Record<string, unknown> = {};
      for (const [key, check] of Object.entries(fields) as Array<[string, Check]>) {
        const value = (input as Record<string, unknown>)[key];
        if (!check(value)) return fail([key]);
        out[key] = value;
      }
      return { success: true, data: out as T };
    },
  };
}

/** Every field of an employee has a check. */
type EmployeeFields = { [K in keyof TEmployee]-?: Check };

/** An employee carried in drag data: the record the server sent, as the side panel had it. */
export const ZDraggedEmployee = shape<TEmployee>({
  id: isNumber,
  siteId: isNumber,
  sortOrder: isNumber,
  defaultHours: isNumber,
  name: isString,
  efficiency: isNumber,
  mondayHours: isNumber,
  tuesdayHours: isNumber,
  wednesdayHours: isNumber,
  thursdayHours: isNumber,
  fridayHours: isNumber,
  saturdayHours: isNumber,
  sundayHours: isNumber,
  contractFrom: isOptionalDay,
  contractCount: isOptionalNumber,
  endDate: isOptionalDay,
  startDate: isOptionalDay,
  contracts: isOptionalList,
  teamId: isOptionalNumberOrNull,
  userId: isOptionalNumberOrNull,
} satisfies EmployeeFields);
// The field types above are what these checks accept; the typecheck fails if the contract retypes one.
({}) as Pick<TEmployee, 'name'> satisfies { name: string };
({}) as Omit<
  TEmployee,
  'name' | 'contractFrom' | 'endDate' | 'startDate' | 'contractCount' | 'contracts' | 'teamId' | 'userId'
> satisfies Record<
  Exclude<keyof TEmployee, 'name' | 'contractFrom' | 'endDate' | 'startDate' | 'contractCount' | 'contracts' | 'teamId' | 'userId'>,
  number
>;
({}) as Pick<TEmployee, 'contractFrom' | 'endDate' | 'startDate'> satisfies {
  contractFrom?: string | null;
  endDate?: string | null;
  startDate?: string | null;
};
({}) as Pick<TEmployee, 'teamId' | 'userId'> satisfies { teamId?: number | null; userId?: number | null };

export const ZAuthoriseMultipleReply = shape<TAuthoriseMultipleResponse>({ count: isNumber, dates: isStringArray });
({}) as TAuthoriseMultipleResponse satisfies { count: number; dates: string[] };
