/**
 * `node scripts/make-images.ts`: draws the site's pictures with Debian's Chromium and writes
 * them to static/ (committed; run again after a brand change): the share cards per platform
 * (og/<platform>.png, 1200×630), the icons (favicon.ico, icon.svg, apple-touch-icon.png,
 * icon-192.png, icon-512.png).
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { loadToolConfig } from '#server/config.ts';

const BRAND = '#5b3df5';
const MARK = (size: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32"><rect width="32" height="32" rx="9" fill="${BRAND}"/><path d="M8.5 21l5-9.5 4 6.2 2.7-4.2 3.3 7.5" stroke="#fff" stroke-width="2.6" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;

const CARDS: Record<string, { title: string; color: string; line: string }> = {
  default: { title: 'Boostly', color: BRAND, line: 'Likes, followers and views for every network' },
  instagram: { title: 'Instagram', color: '#e1306c', line: 'Likes, followers, views and comments' },
  tiktok: { title: 'TikTok', color: '#fe2c55', line: 'Views, likes, followers and reposts' },
  telegram: { title: 'Telegram', color: '#229ed9', line: 'Subscribers, post views and reactions' },
  youtube: { title: 'YouTube', color: '#ff0000', line: 'Views, likes and subscribers' },
  vk: { title: 'VK', color: '#0077ff', line: 'Likes, friends, followers and reposts' },
  threads: { title: 'Threads', color: '#101010', line: 'Followers, likes and reposts' },
};

const browser = await chromium.launch({
  executablePath: loadToolConfig().chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
for (const [name, card] of Object.entries(CARDS)) {
  await page.setContent(`<!doctype html><body style="margin:0;width:1200px;height:630px;font-family:system-ui,sans-serif;
    background:linear-gradient(135deg, ${card.color} 0%, ${BRAND} 100%);color:#fff;display:flex;flex-direction:column;
    justify-content:space-between;padding:72px 80px;box-sizing:border-box">
    <div style="display:flex;align-items:center;gap:20px;font-size:44px;font-weight:800">${MARK(72)}Boostly</div>
    <div><div style="font-size:96px;font-weight:800;letter-spacing:-2px;line-height:1">${card.title}</div>
    <div style="margin-top:24px;font-size:40px;opacity:.92">${card.line}</div></div></body>`);
  await page.screenshot({ path: `static/og/${name}.png` });
}
const icon = async (size: number) => {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<!doctype html><body style="margin:0;background:transparent">${MARK(size)}</body>`,
  );
  return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
};
writeFileSync('static/icon-192.png', await icon(192));
writeFileSync('static/icon-512.png', await icon(512));
writeFileSync('static/apple-touch-icon.png', await icon(180));
writeFileSync('static/icon.svg', MARK(32).replace('<rect', '<title>Boostly</title><rect'));
// favicon.ico: one 32×32 PNG in an ICO container (what every browser reads)
const png = await icon(32);
const header = Buffer.alloc(22);
header.writeUInt16LE(0, 0); // reserved
header.writeUInt16LE(1, 2); // icon
header.writeUInt16LE(1, 4); // one image
header.writeUInt8(32, 6); // width
header.writeUInt8(32, 7); // height
header.writeUInt8(0, 8); // no palette
header.writeUInt8(0, 9);
header.writeUInt16LE(1, 10); // planes
header.writeUInt16LE(32, 12); // bits per pixel
header.writeUInt32LE(png.length, 14);
header.writeUInt32LE(22, 18); // data offset
writeFileSync('static/favicon.ico', Buffer.concat([header, png]));
await browser.close();
console.log('static/ images written');
