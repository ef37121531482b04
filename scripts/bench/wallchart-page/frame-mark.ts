/** The user-timing mark the wallchart bench page sets at the start of each scrolled frame, read back from the trace. */
export const FRAME_MARK = 'wallchart-scroll-frame';
