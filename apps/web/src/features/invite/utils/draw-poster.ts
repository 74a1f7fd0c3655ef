import { APP_LOGO_K_PATH } from '@/components/app-logo.tsx';

/** What the invitation poster says, in the interface language. */
export interface PosterTexts {
  appName: string;
  tagline: string;
  headline: string;
  codeLabel: string;
  scanHint: string;
}

/** The poster in CSS pixels; drawn at twice the size so it stays sharp on a phone and in a gallery. */
export const POSTER_WIDTH = 375;
export const POSTER_HEIGHT = 620;
const SCALE = 2;
const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "PingFang SC", sans-serif';

/** Splits `text` into lines no wider than `maxWidth`: by words, or by characters for scripts without spaces. */
export function wrapText(measure: (text: string) => number, text: string, maxWidth: number): string[] {
  const tokens = text.includes(' ') ? text.split(' ') : Array.from(text);
  const joiner = text.includes(' ') ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const candidate = line ? `${line}${joiner}${token}` : token;
    if (line && measure(candidate) > maxWidth) {
      lines.push(line);
      line = token;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function roundedRect(context: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number) {
  context.beginPath();
  context.moveTo(x + r, y);
  context.arcTo(x + w, y, x + w, y + h, r);
  context.arcTo(x + w, y + h, x, y + h, r);
  context.arcTo(x, y + h, x, y, r);
  context.arcTo(x, y, x + w, y, r);
  context.closePath();
}

/** Draws centred lines from `top`; answers the y below the last one. */
function drawLines(context: CanvasRenderingContext2D, text: string, top: number, lineHeight: number, maxWidth: number) {
  const lines = wrapText((value) => context.measureText(value).width, text, maxWidth);
  lines.forEach((line, index) => context.fillText(line, POSTER_WIDTH / 2, top + index * lineHeight));
  return top + lines.length * lineHeight;
}

/**
 * Draws the invitation poster — the app's mark and name, its tagline, a headline, the QR code of the
 * invitation link on white and the invitation code — and answers it as a PNG data URL, or null where
 * the browser has no 2D canvas. `qr` is the QR code already drawn (qrcode.react's canvas).
 */
export function drawInvitePoster(qr: HTMLCanvasElement, inviteCode: string, texts: PosterTexts): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH * SCALE;
  canvas.height = POSTER_HEIGHT * SCALE;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.scale(SCALE, SCALE);

  // The app's dark page with the primary blue glowing from the top.
  const background = context.createLinearGradient(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  background.addColorStop(0, '#24307a');
  background.addColorStop(0.45, '#15152a');
  background.addColorStop(1, '#0f0f17');
  context.fillStyle = background;
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  const glow = context.createRadialGradient(POSTER_WIDTH / 2, 0, 10, POSTER_WIDTH / 2, 0, 320);
  glow.addColorStop(0, 'rgba(91, 120, 255, 0.45)');
  glow.addColorStop(1, 'rgba(91, 120, 255, 0)');
  context.fillStyle = glow;
  context.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);

  // The mark (components/app-logo.tsx) and the app's name.
  const logoSize = 44;
  const logoX = POSTER_WIDTH / 2 - logoSize / 2;
  const logoY = 36;
  const logoGradient = context.createLinearGradient(logoX, logoY, logoX + logoSize, logoY + logoSize);
  logoGradient.addColorStop(0, '#5B78FF');
  logoGradient.addColorStop(1, '#2F47D9');
  context.fillStyle = logoGradient;
  roundedRect(context, logoX, logoY, logoSize, logoSize, 11);
  context.fill();
  if (typeof Path2D === 'function') {
    context.save();
    context.translate(logoX, logoY);
    context.scale(logoSize / 32, logoSize / 32);
    context.fillStyle = '#ffffff';
    context.fill(new Path2D(APP_LOGO_K_PATH));
    context.restore();
  }

  context.textAlign = 'center';
  context.textBaseline = 'top';
  context.fillStyle = '#ffffff';
  context.font = `700 30px ${FONT}`;
  context.fillText(texts.appName, POSTER_WIDTH / 2, 92);
  context.fillStyle = '#a6a6b2';
  context.font = `400 14px ${FONT}`;
  let y = drawLines(context, texts.tagline, 132, 20, POSTER_WIDTH - 64);

  context.fillStyle = '#ffffff';
  context.font = `600 20px ${FONT}`;
  y = drawLines(context, texts.headline, y + 18, 28, POSTER_WIDTH - 56);

  // The QR code on white, with its quiet zone, so any camera reads it.
  const qrBox = 212;
  const qrTop = y + 20;
  context.fillStyle = '#ffffff';
  roundedRect(context, (POSTER_WIDTH - qrBox) / 2, qrTop, qrBox, qrBox, 16);
  context.fill();
  context.imageSmoothingEnabled = false;
  const qrSize = qrBox - 24;
  context.drawImage(qr, (POSTER_WIDTH - qrSize) / 2, qrTop + 12, qrSize, qrSize);

  // The code, for a friend who types it in.
  y = qrTop + qrBox + 22;
  context.fillStyle = '#a6a6b2';
  context.font = `400 13px ${FONT}`;
  context.fillText(texts.codeLabel, POSTER_WIDTH / 2, y);
  context.fillStyle = '#ffffff';
  context.font = `700 26px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace`;
  context.fillText(inviteCode, POSTER_WIDTH / 2, y + 22);

  context.fillStyle = '#7c7c88';
  context.font = `400 12px ${FONT}`;
  drawLines(context, texts.scanHint, POSTER_HEIGHT - 46, 17, POSTER_WIDTH - 48);

  return canvas.toDataURL('image/png');
}
