/**
 * Hands a file to the browser's downloads (an object URL clicked through a link with `download`).
 * One small object, so component tests can watch what was saved instead of leaving jsdom.
 */
export const saveFile = {
  save(name: string, blob: Blob): void {
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = name;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
    // Revoked once the click has been handled: Chromium reads the URL asynchronously.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  },
};
