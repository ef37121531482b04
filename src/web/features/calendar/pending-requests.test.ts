import { describe, expect, it } from 'vitest';
import type { TReason } from '../../../shared/contracts/calendar';
import type { TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { buildPillsByDay } from './model';
import { pendingAsExceptions } from './pending-requests';

const request = (id: number, over: Partial<TLeaveRequest>) =>
  ({
    id,
    employeeId: 2,
    employeeName: 'Isla Green',
    reasonId: 1,
    reasonName: 'Annual Leave',
    reasonColor: '#3b82f6',
    startDate: '2026-03-02',
    endDate: '2026-03-03',
    isFullDay: true,
    hours: null,
    note: 'Family',
    status: 'pending',
    ...over,
  }) as TLeaveRequest;

const reasons = [
  { id: 1, isAdditive: false },
  { id: 4, isAdditive: true },
] as TReason[];
const w = { startDate: '2026-02-15', endDate: '2026-03-15' };

describe('pendingAsExceptions', () => {
  it('turns each pending request in the window into the exception it would become', () => {
    const [e] = pendingAsExceptions([request(9, {})], reasons, w);
    expect(e).toMatchObject({
      id: -9,
      employeeId: 2,
      reasonId: 1,
      startDate: '2026-03-02',
      endDate: '2026-03-03',
      isFullDay: true,
      hours: null,
      notes: 'Family',
      isAdditive: false,
      isRangeStart: true,
      isRangeEnd: true,
    });
  });
  it('leaves out decided requests and those outside the window, and takes the type’s sign', () => {
    const out = pendingAsExceptions(
      [
        request(1, { status: 'approved' }),
        request(2, { startDate: '2026-03-16', endDate: '2026-03-20' }),
        request(3, { reasonId: 4, startDate: '2026-03-10', endDate: '2026-03-20' }),
      ],
      reasons,
      w,
    );
    expect(out.map((e) => [e.id, e.isAdditive, e.isRangeEnd])).toEqual([[-3, true, false]]);
  });
});

describe('pending pills', () => {
  it('are drawn after the day’s exceptions, named "Pending" and keyed apart from stored exceptions', () => {
    const pending = pendingAsExceptions([request(9, {})], reasons, w);
    const pills = buildPillsByDay(['2026-03-02', '2026-03-03'], [], [], pending);
    const [pill] = pills.get('2026-03-02')!;
    expect(pill).toMatchObject({ kind: 'exception', key: 'r-9', text: 'Pending: Isla Green – Annual Leave', pending: true });
  });
});
