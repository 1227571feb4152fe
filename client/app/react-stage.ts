/** The page's first stage (client/entry.client.tsx): react-dom's client, as React ships it. */

export { hydrateRoot } from 'react-dom/client';
