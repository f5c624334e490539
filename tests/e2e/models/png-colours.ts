import type { Page } from '@playwright/test';

/**
 * How many pixels of a PNG have each colour, colours quantised by dropping `dropBits` low bits
 * per channel (anti-aliasing noise falls together). Decoded in the page, which has a PNG decoder.
 * Counts come sorted from the commonest; `total` is the pixel count.
 */
export async function colourCounts(page: Page, png: Buffer, dropBits: number): Promise<{ counts: number[]; total: number }> {
  return page.evaluate(
    async ([base64, bits]) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      const { data } = context.getImageData(0, 0, image.width, image.height);
      const counts = new Map<number, number>();
      for (let i = 0; i < data.length; i += 4) {
        const key = ((data[i] >> bits) << 16) | ((data[i + 1] >> bits) << 8) | (data[i + 2] >> bits);
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      return { counts: [...counts.values()].sort((a, b) => b - a), total: data.length / 4 };
    },
    [png.toString('base64'), dropBits] as const,
  );
}

/** Colours covering at least `1 / per` of the image: a blank or cleared canvas shows one. */
export async function distinctColours(page: Page, png: Buffer, dropBits: number, per: number): Promise<number> {
  const { counts, total } = await colourCounts(page, png, dropBits);
  return counts.filter((count) => count >= total / per).length;
}
