import { encode } from 'uqr';

/**
 * A QR code drawn as one SVG path (uqr, as the music login's is on the server). Black on white in
 * both themes: authenticator apps read dark modules on a light ground.
 */
export default function QrCode({ text, label, size = 200 }: { text: string; label: string; size?: number }) {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    });
  });
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 4 }}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
