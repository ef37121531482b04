import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { LIVE_CLOSE, LIVE_PATH, type LiveKind, type LiveServerMessage, type LiveUser } from '../../shared/contracts/live';
import { API_PATHS, CALENDAR_PATHS, meKey } from './query-keys';
import { TAB_ID } from './tab-id';

/**
 * The live connection (decision 037): one WebSocket per signed-in tab. It keeps who is online on the site and
 * refetches just the lists a colleague's change touched. While it is down the header reads Offline.
 */
export interface LiveState {
  status: 'connecting' | 'live' | 'offline';
  /** Everyone online on the current site, this user included; empty unless live. */
  users: LiveUser[];
}

let state: LiveState = { status: 'offline', users: [] };
const listeners = new Set<() => void>();
const setState = (next: LiveState) => {
  state = next;
  listeners.forEach((l) => l());
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

export function useLive(): LiveState {
  return useSyncExternalStore(subscribe, () => state);
}

/**
 * The lists each kind of change can alter (an employee's name shows on their exceptions, etc.). Leave balances
 * follow every change that moves taken or booked hours: absences, their types, contracts, holidays; so does the
 * hours a Staff user's calendar adds for their colleagues (`/api/calendar`, decision 106).
 */
export const KIND_PATHS: Record<LiveKind, readonly string[]> = {
  exceptions: [API_PATHS.exceptions, API_PATHS.dayChanges, API_PATHS.balances, API_PATHS.calendar],
  notes: [API_PATHS.notes],
  reasons: [API_PATHS.reasons, API_PATHS.exceptions, API_PATHS.balances, API_PATHS.calendar],
  employees: [API_PATHS.employees, API_PATHS.exceptions, API_PATHS.dayChanges, API_PATHS.balances, API_PATHS.calendar],
  dayChanges: [API_PATHS.dayChanges, API_PATHS.calendar],
  holidays: [API_PATHS.holidays, API_PATHS.dayChanges, API_PATHS.balances, API_PATHS.calendar],
  settings: [API_PATHS.settings, API_PATHS.dayChanges, API_PATHS.balances, API_PATHS.calendar],
  all: CALENDAR_PATHS,
};

const invalidatePaths = (qc: QueryClient, paths: readonly string[]) =>
  qc.invalidateQueries({ predicate: (q) => paths.includes(String(q.queryKey[0])) });

/** Reconnect delay: exponential from 0.5 s to 30 s, with jitter so a restarted server is not hit all at once. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(30_000, 500 * 2 ** attempt);
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Three missed heartbeats (sent every 10 s): the connection is dead though it never closed. */
const SILENCE_MS = 35_000;

export function useLiveConnection(enabled: boolean): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    let ws: WebSocket | undefined;
    let attempt = 0;
    let retry: number | undefined;
    let silence: number | undefined;
    let stopped = false;
    let everOpened = false;

    const watch = () => {
      window.clearTimeout(silence);
      silence = window.setTimeout(() => ws?.close(), SILENCE_MS);
    };
    const onMessage = (m: LiveServerMessage) => {
      if (m.t === 'presence') setState({ status: 'live', users: m.users });
      else if (m.t === 'change') void invalidatePaths(qc, KIND_PATHS[m.kind]);
      else if (m.t === 'resync') void invalidatePaths(qc, CALENDAR_PATHS);
    };
    const connect = () => {
      setState({ status: 'connecting', users: [] });
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${window.location.host}${LIVE_PATH}?tab=${TAB_ID}`);
      ws = socket;
      socket.onopen = () => {
        attempt = 0;
        setState({ status: 'live', users: state.users });
        // Changes announced while this tab was disconnected were missed: refetch what the calendar shows.
        if (everOpened) void invalidatePaths(qc, CALENDAR_PATHS);
        everOpened = true;
        watch();
      };
      socket.onmessage = (e) => {
        watch();
        try {
          onMessage(JSON.parse(String(e.data)) as LiveServerMessage);
        } catch {
          // not ours: ignore
        }
      };
      socket.onclose = (e) => {
        window.clearTimeout(silence);
        if (ws !== socket) return;
        setState({ status: 'offline', users: [] });
        if (stopped) return;
        // The session ended elsewhere: re-reading it signs this tab out (and unmounts the connection).
        if (e.code === LIVE_CLOSE.sessionEnded) void qc.invalidateQueries({ queryKey: meKey });
        retry = window.setTimeout(connect, reconnectDelay(attempt++));
      };
    };
    connect();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      window.clearTimeout(silence);
      ws?.close();
      setState({ status: 'offline', users: [] });
    };
  }, [enabled, qc]);
}
