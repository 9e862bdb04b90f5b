import { resultColours } from "./palette";

/** The one stylesheet, inlined and allowed by its hash in the CSP. No `>` or `&`: it is also valid HTML text. */
export const css = `
:root{--ink:#1f2328;--muted:#57606a;--line:#d0d7de;--soft:#f6f8fa;--accent:#0550ae;--good:${resultColours.good};--decent:${resultColours.decent};--bad:${resultColours.bad};color-scheme:light}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--ink);background:#fff}
a{color:var(--accent)}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.wrap{max-width:60rem;margin:0 auto;padding:0 1rem}
.site{border-bottom:1px solid var(--line);background:var(--soft)}
.site .wrap{display:flex;align-items:center;justify-content:space-between;min-height:3.25rem}
.brand{font-weight:700;font-size:1.1rem;color:var(--ink);text-decoration:none}
.brand span{color:var(--accent)}
main{padding:1.5rem 0 2.5rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .75rem;overflow-wrap:anywhere}
h2{font-size:1.25rem;margin:2rem 0 .75rem}
.muted{color:var(--muted)}
.history h3{font-size:1rem;margin:1rem 0 .25rem}
.changes ol{padding-left:1.25rem}.changes li{margin:.4rem 0}.changes del,.changes ins{text-decoration:none;overflow-wrap:anywhere}
.changes del{color:#6b7280}.change-critical strong{color:#b91c1c}.change-warning strong{color:#92400e}
.trend{display:block;max-width:100%;height:auto;margin-top:1rem}
.chart{margin:.5rem 0 1.25rem}
.chart svg{display:block;max-width:100%;height:auto}
.chart .axis{stroke:var(--muted)}
.chart .grid{stroke:var(--line);stroke-dasharray:4 4}
.chart .bar{fill:var(--accent)}
.chart .tick{font-size:12px;fill:var(--muted)}
.chart .count{font-size:12px;font-weight:600;fill:var(--ink)}
.chart .axis-label{font-size:12px;fill:var(--ink)}
.imp-high{fill:var(--bad)}.imp-medium{fill:var(--decent)}.imp-low{fill:var(--muted)}
.category h3{font-size:1rem;margin:1rem 0 .25rem}
.pager{display:flex;gap:1rem;align-items:baseline;margin:.75rem 0}
.sr-only{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.urls{margin:0 0 1.25rem;display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}
.urls dt{color:var(--muted)}
.urls dd{margin:0;overflow-wrap:anywhere;min-width:0}
.summary{display:grid;grid-template-columns:auto 1fr;gap:1.25rem 2rem;align-items:center;padding:1.25rem;border:1px solid var(--line);border-radius:12px;background:var(--soft)}
.gauge{display:block;width:8.5rem;height:8.5rem}
.gauge-track{stroke:#d8dee4}
.gauge-num{font-size:30px;font-weight:700;fill:var(--ink)}
.gauge-of{font-size:11px;fill:var(--muted)}
.badge{display:inline-block;padding:.2rem .75rem;border-radius:999px;color:#fff;font-weight:700;letter-spacing:.02em}
.badge-good{background:var(--good)}.badge-decent{background:var(--decent)}.badge-bad{background:var(--bad)}
.stroke-good{stroke:var(--good)}.stroke-decent{stroke:var(--decent)}.stroke-bad{stroke:var(--bad)}
.verdict p{margin:.5rem 0 0}
.counts{list-style:none;padding:0;margin:.35rem 0 0;display:flex;flex-wrap:wrap;gap:.5rem}
.counts li{border:1px solid var(--line);background:#fff;border-radius:8px;padding:.35rem .7rem}
.counts strong{font-size:1.15rem;margin-right:.3rem}
.note{border-left:4px solid var(--accent);background:#ddf4ff;padding:.75rem 1rem;border-radius:6px;margin:0 0 1.25rem}
.note-error{border-left-color:var(--bad);background:#ffebe9}
.category h2{display:flex;justify-content:space-between;align-items:baseline;gap:1rem;border-bottom:2px solid var(--line);padding-bottom:.35rem}
.category h2 small{font-size:.9rem;font-weight:400;color:var(--muted);white-space:nowrap}
.checks{list-style:none;margin:0;padding:0}
.check{display:flex;gap:.75rem;align-items:flex-start;padding:.75rem 0;border-bottom:1px solid var(--line)}
.check-body{flex:1;min-width:0}
.mark{flex:none;width:1.5rem;height:1.5rem;border-radius:50%;color:#fff;font-weight:700;display:flex;align-items:center;justify-content:center;font-size:.85rem;margin-top:.1rem}
.mark-pass{background:var(--good)}.mark-fail{background:var(--bad)}.mark-na{background:var(--muted)}.mark-partial{background:var(--decent)}
.check h3{font-size:1rem;margin:0;display:flex;flex-wrap:wrap;gap:.25rem .6rem;align-items:baseline}
.check p{margin:.15rem 0 0;overflow-wrap:anywhere;font-size:.95rem}
.tag{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:var(--muted);border:1px solid var(--line);border-radius:4px;padding:0 .35rem}
.label{font-weight:600}
code{font:.9em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--soft);padding:.05rem .3rem;border-radius:4px}
.panel{max-width:26rem;border:1px solid var(--line);border-radius:12px;padding:1.25rem;background:var(--soft)}
label{display:block;font-weight:600;margin-bottom:.35rem}
input[type=password]{width:100%;font:inherit;padding:.55rem .7rem;border:1px solid #8c959f;border-radius:6px;background:#fff}
button{margin-top:.9rem;font:inherit;font-weight:600;padding:.55rem 1.2rem;border:0;border-radius:6px;background:var(--accent);color:#fff;cursor:pointer}
.error{color:var(--bad);font-weight:600;margin:.5rem 0 0}
.spinner{width:2.5rem;height:2.5rem;border:4px solid var(--line);border-top-color:var(--accent);border-radius:50%;animation:spin 1s linear infinite;margin:1rem 0}
@keyframes spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spinner{animation:none}}
.foot{border-top:1px solid var(--line);color:var(--muted);font-size:.9rem;padding:1rem 0 2rem}
.pages{width:100%;border-collapse:collapse;font-size:.95rem;table-layout:fixed}
.pages th,.pages td{text-align:left;padding:.5rem .5rem .5rem 0;border-bottom:1px solid var(--line);vertical-align:top}
.pages th+th{width:6.5rem}
.url-cell,.check-body li{overflow-wrap:anywhere;word-break:break-word}
.sd-tree{list-style:none;margin:.25rem 0 0;padding-left:1.1rem;border-left:2px solid var(--line)}
.sd-top{padding-left:0;border-left:0}
.sd-item p{margin:.2rem 0;overflow-wrap:anywhere}
.sd-findings{margin:.2rem 0;padding-left:1.1rem;overflow-wrap:anywhere}
.sd-error{color:var(--bad)}
.experience-parts{display:flex;flex-wrap:wrap;gap:1rem 2.5rem}
.experience-part{flex:1 1 16rem;min-width:0}
.experience-part h3{font-size:1rem;margin:.75rem 0 .25rem}
.vitals{list-style:none;margin:.5rem 0;padding:0}
.vital{display:flex;flex-wrap:wrap;align-items:center;gap:.2rem .75rem;margin:.35rem 0}
.vital svg{max-width:100%;height:auto}
@media (max-width:36rem){
  h1{font-size:1.35rem}
  .summary{grid-template-columns:1fr;justify-items:start}
  .urls{grid-template-columns:1fr}
  .urls dd{margin-bottom:.4rem}
}
`.trim();

let hash: Promise<string> | undefined;

/** `'sha256-…'` of the stylesheet, computed once per isolate (crypto cannot run at module load in Workers). */
export function styleHash(): Promise<string> {
  hash ??= crypto.subtle
    .digest("SHA-256", new TextEncoder().encode(css))
    .then((digest) => `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`);
  return hash;
}

