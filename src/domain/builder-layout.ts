/**
 * The 3D builder canvas size (catalogue-and-content.md sections 2 and 9): 16:9 within its
 * container, its height at most the window height minus 140.
 */
export const BUILDER_ASPECT = 16 / 9;
export const BUILDER_WINDOW_MARGIN = 140;
/** Below this the canvas would be unusable; a tiny window still gets a small view. */
const MIN_HEIGHT = 120;

export interface CanvasSize {
  width: number;
  height: number;
}

/** The largest 16:9 box that fits the container's width and the window's height less 140 (whole pixels). */
export function builderCanvasSize(containerWidth: number, windowHeight: number): CanvasSize {
  const widthLimit = Math.max(0, containerWidth);
  const heightLimit = Math.max(Math.min(MIN_HEIGHT, widthLimit / BUILDER_ASPECT), windowHeight - BUILDER_WINDOW_MARGIN);
  const height = Math.floor(Math.min(widthLimit / BUILDER_ASPECT, heightLimit));
  return { width: Math.floor(height * BUILDER_ASPECT), height };
}
