import type { Page } from '@playwright/test';

/**
 * A JPEG drawn by the page (a gradient, a band across it), as a camera's
 * would arrive at the upload: real pixels for the server's checks and
 * sharp's resizing, different for each colour pair, so two uploads are
 * never the same file (the same picture twice is refused).
 */
export async function drawnJpeg(page: Page, { width = 1600, height = 1000, from, to }: { width?: number; height?: number; from: string; to: string }): Promise<Buffer> {
  const base64 = await page.evaluate(
    ({ width, height, from, to }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, from);
      gradient.addColorStop(1, to);
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#f3e2b8';
      context.fillRect(0, Math.round(height * 0.42), width, Math.round(height * 0.16));
      return canvas.toDataURL('image/jpeg', 0.85).split(',')[1]!;
    },
    { width, height, from, to },
  );
  return Buffer.from(base64, 'base64');
}
