import { describe, expect, it } from 'vitest';
import type { TLeaveRequest } from '../../../shared/contracts/leave-requests';
import { ApiError } from '../../lib/api';
import { approveEach, awaitsDecision, filterRequests, typesOf } from './request-filter';

const request = (id: number, over: Partial<TLeaveRequest>): TLeaveRequest => ({
  id,
  employeeId: id,
  employeeName: 'Someone',
  requesterUserId: 1,
  requesterName: 'someone',
  reasonId: 1,
  reasonName: 'Annual Leave',
  reasonColor: '#3b82f6',
  startDate: '2026-03-02',
  endDate: '2026-03-02',
  isFullDay: true,
  hours: null,
  totalHours: 8,
  note: null,
  status: 'pending',
  approvalsNeeded: 1,
  approvalsGiven: 0,
  cancellationPending: false,
  exceptionId: null,
  createdAt: '',
  updatedAt: '',
  canDecide: true,
  canCancel: false,
  shortfalls: [],
  history: [],
  ...over,
});

const list = [
  request(1, { status: 'approved', employeeName: 'Ben Brown', startDate: '2026-01-05' }),
  request(2, { status: 'pending', employeeName: 'Isla Green', startDate: '2026-04-06', reasonId: 2, reasonName: 'Training' }),
  request(3, { status: 'declined', employeeName: 'Isla Green', startDate: '2026-02-02' }),
  request(4, { status: 'approved', cancellationPending: true, employeeName: 'Priya Lewis', startDate: '2026-05-04' }),
  request(5, { status: 'pending', employeeName: 'ben brown', startDate: '2026-03-09' }),
];

describe('filterRequests', () => {
  it('puts what waits for a decision first, by first day, and keeps the rest in order', () => {
    expect(filterRequests(list, { search: '', reasonId: '' }).map((r) => r.id)).toEqual([5, 2, 4, 1, 3]);
  });
  it('narrows by the employee’s name in any case, and by type', () => {
    expect(filterRequests(list, { search: ' BEN ', reasonId: '' }).map((r) => r.id)).toEqual([5, 1]);
    expect(filterRequests(list, { search: 'isla', reasonId: '2' }).map((r) => r.id)).toEqual([2]);
  });
  it('counts a cancellation asked for as waiting', () => {
    expect(list.filter(awaitsDecision).map((r) => r.id)).toEqual([2, 4, 5]);
  });
});

describe('typesOf', () => {
  it('lists each type once, by name', () => {
    expect(typesOf(list)).toEqual([
      { id: 1, name: 'Annual Leave' },
      { id: 2, name: 'Training' },
    ]);
  });
});

describe('approveEach', () => {
  it('approves in turn and reports each refusal without stopping', async () => {
    const asked: number[] = [];
    const outcome = await approveEach(
      [
        { id: 1, label: 'A' },
        { id: 2, label: 'B' },
        { id: 3, label: 'C' },
      ],
      async (id) => {
        asked.push(id);
        if (id === 2) throw new Error('This request has already been decided');
      },
    );
    expect(asked).toEqual([1, 2, 3]);
    expect(outcome).toEqual({ approved: [1, 3], failed: [{ id: 2, label: 'B', message: 'This request has already been decided' }] });
  });

  it('keeps the days of a coverage refusal, so the approver can approve it anyway', async () => {
    const shortfalls = [{ date: '2026-03-03', requiredHours: 47.5, availableBefore: 48.5, availableAfter: 41, shortHours: 6.5 }];
    const message = 'This change leaves the site short: Tue 3 Mar drops to 41.0 h, 6.5 h under the minimum.';
    const outcome = await approveEach([{ id: 7, label: 'G' }], async () => {
      throw new ApiError(409, message, undefined, { message, code: 'coverage_shortfall', shortfalls });
    });
    expect(outcome.failed).toEqual([{ id: 7, label: 'G', message, shortfall: { message, code: 'coverage_shortfall', shortfalls } }]);
  });

  it('does not take a stale-version 409 for a coverage refusal', async () => {
    const outcome = await approveEach([{ id: 8, label: 'H' }], async () => {
      throw new ApiError(409, 'Someone else changed it', undefined, { message: 'Someone else changed it' });
    });
    expect(outcome.failed[0]).not.toHaveProperty('shortfall');
  });
});
