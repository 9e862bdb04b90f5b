/**
 * The devices a rendered audit measures as (docs/analysis.md "Page experience"): Lighthouse 13.5's screen emulation
 * and user agents (lighthouse/core/config/constants.js), and for mobile its `devtools` throttling, Slow 4G with a 4x
 * CPU slowdown (Lantern's `throttling.mobileSlow4G`: RTT 150 ms x 3.75, 1.6 Mbit/s x 0.9 down, 750 kbit/s x 0.9 up).
 * Desktop is Lighthouse's desktop screen with no throttling, as `--preset=desktop --throttling-method=provided`.
 * Plain data: each renderer applies it its own way (puppeteer's page methods, the CLI's DevTools-protocol calls).
 */
export const devices = ["mobile", "desktop"] as const;
export type Device = (typeof devices)[number];

export const defaultDevice: Device = "mobile";

export interface DeviceProfile {
  screen: { width: number; height: number; deviceScaleFactor: number; mobile: boolean };
  userAgent: string;
  /** null: no throttling. Latency in ms, throughputs in bytes per second (the DevTools protocol's units). */
  network: { latencyMs: number; downloadBytesPerSecond: number; uploadBytesPerSecond: number } | null;
  cpuSlowdown: number;
}

const RTT_FACTOR = 3.75;
const THROUGHPUT_FACTOR = 0.9;
const kbps = (kilobits: number) => (kilobits * 1024) / 8;

export const deviceProfiles: Record<Device, DeviceProfile> = {
  mobile: {
    screen: { width: 412, height: 823, deviceScaleFactor: 1.75, mobile: true },
    userAgent:
      "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36",
    network: {
      latencyMs: 150 * RTT_FACTOR,
      downloadBytesPerSecond: kbps(1.6 * 1024 * THROUGHPUT_FACTOR),
      uploadBytesPerSecond: kbps(750 * THROUGHPUT_FACTOR),
    },
    cpuSlowdown: 4,
  },
  desktop: {
    screen: { width: 1350, height: 940, deviceScaleFactor: 1, mobile: false },
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36",
    network: null,
    cpuSlowdown: 1,
  },
};
