/** Calendar notes. The front door (decision 109): other code imports this module only from here. */
export { registerNoteRoutes } from './routes';
export { toNoteView } from './views';
