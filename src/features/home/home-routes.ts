/**
 * The home page's chunk below the carousel (decision 043). Its own file because a `*-routes.ts`
 * file's dynamic imports are reported to the server renderer (vite.config.ts
 * `reportScreensToRenderer`): the home loader calls this on the server too, so the server page
 * links the chunk's styles (the cards, the strip, the ribbon) and preloads its script, and the
 * server-rendered sections are styled at first paint.
 */
export const loadHomeSections = () => import('./home-sections');
