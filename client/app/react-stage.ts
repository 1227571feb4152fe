/**
 * The page's first stage (client/entry.client.tsx): react-dom's client, with the errors it
 * makes at its top level made first, outside its module (client/lib/react-signal-errors.ts).
 */
import '../lib/react-signal-errors.ts';

export { hydrateRoot } from 'react-dom/client';
