// Records the short promo clip the seed points at (/media/video/ridgeline-range-day.webm): a
// 4-second canvas animation in the brand palette, captured with MediaRecorder in Debian's Chromium
// (no encoder binaries are available on this machine). Run once; the file is kept in the repo.
//   npx tsx server/seed/generate-video.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { brand } from './palette';

const OUT = join(dirname(fileURLToPath(import.meta.url)), 'media/video/ridgeline-range-day.webm');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
await page.setContent('<canvas id="c" width="640" height="360"></canvas>');
// Passed as a string: tsx would otherwise inject helpers the page does not have.
const base64 = await page.evaluate<string>(`(async (colors) => {
  const canvas = document.getElementById('c');
  const ctx = canvas.getContext('2d');
  const recorder = new MediaRecorder(canvas.captureStream(24), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250000 });
  const chunks = [];
  recorder.ondataavailable = (e) => chunks.push(e.data);
  const done = new Promise((resolve) => (recorder.onstop = () => resolve()));
  const start = performance.now();
  const draw = () => {
    const t = (performance.now() - start) / 4000;
    ctx.fillStyle = colors.slate;
    ctx.fillRect(0, 0, 640, 360);
    ctx.fillStyle = colors.olive;
    ctx.beginPath();
    ctx.moveTo(0, 260);
    for (let x = 0; x <= 640; x += 40) ctx.lineTo(x, 230 + 30 * Math.sin(x / 70 + t * 6));
    ctx.lineTo(640, 360);
    ctx.lineTo(0, 360);
    ctx.fill();
    ctx.fillStyle = colors.orange;
    ctx.fillRect(40, 90, 80 * Math.min(1, t * 2), 6);
    ctx.fillStyle = colors.paper;
    ctx.font = 'bold 40px sans-serif';
    ctx.fillText('RIDGELINE ARMS', 40, 150);
    ctx.fillStyle = colors.tan;
    ctx.font = '20px sans-serif';
    ctx.fillText('Range day in the high desert', 40, 185);
    if (t < 1) requestAnimationFrame(draw);
  };
  recorder.start();
  draw();
  await new Promise((r) => setTimeout(r, 4000));
  recorder.stop();
  await done;
  const buffer = await new Blob(chunks, { type: 'video/webm' }).arrayBuffer();
  let binary = '';
  new Uint8Array(buffer).forEach((byte) => (binary += String.fromCharCode(byte)));
  return btoa(binary);
})(${JSON.stringify(brand)})`);
await browser.close();
mkdirSync(dirname(OUT), { recursive: true });
writeFileSync(OUT, Buffer.from(base64, 'base64'));
console.log(`wrote ${OUT}`);
