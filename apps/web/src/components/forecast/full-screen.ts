/**
 * Puts `element` in full screen with the Fullscreen API. False when the browser cannot: the API
 * is missing (Safari on iPhone) or the request was refused (a frame that does not allow it).
 */
export async function requestFullScreen(element: HTMLElement): Promise<boolean> {
  if (typeof element.requestFullscreen !== 'function') return false;
  try {
    await element.requestFullscreen();
    return true;
  } catch {
    return false;
  }
}

export function exitFullScreen(): void {
  if (document.fullscreenElement) void document.exitFullscreen();
}
