import type { ResultLabel } from "../palette";

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A ring filled to the score, drawn with SVG attributes only (the CSP allows no style attributes). */
export const ScoreGauge = ({ score, result }: { score: number; result: ResultLabel }) => {
  const filled = (Math.max(0, Math.min(100, score)) / 100) * CIRCUMFERENCE;
  return (
    <svg class="gauge" viewBox="0 0 120 120" role="img" aria-label={`Score ${score} out of 100`}>
      <circle class="gauge-track" cx="60" cy="60" r={RADIUS} fill="none" stroke-width="12" />
      <circle
        class={`stroke-${result}`}
        cx="60"
        cy="60"
        r={RADIUS}
        fill="none"
        stroke-width="12"
        stroke-linecap="round"
        stroke-dasharray={`${filled.toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}`}
        transform="rotate(-90 60 60)"
      />
      <text class="gauge-num" x="60" y="64" text-anchor="middle" dominant-baseline="middle">
        {score}
      </text>
      <text class="gauge-of" x="60" y="88" text-anchor="middle">
        of 100
      </text>
    </svg>
  );
};
