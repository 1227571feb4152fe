import { createContext } from 'react';

/** The icon sprite's URL (from the build's manifest, in the page's assets). */
export const IconSpriteContext = createContext('');
