import type { Page } from "@cloudflare/puppeteer";
import { deviceProfiles, defaultDevice, type Device } from "../analysis/lab-device";
import { LAB_READ, labMetricsFrom, labScript } from "../analysis/lab-metrics";
import type { LabFacts } from "../analysis/types";
import type { AssetText } from "./asset-text";

/** A tab made ready to measure, or why it cannot be. */
export type LabPrepared = { ok: true; device: Device } | { ok: false; message: string };

/**
 * Before the page loads: the device's screen, user agent and throttling (lab-device.ts) through puppeteer, and
 * web-vitals with the collector injected ahead of the page's own scripts (docs/analysis.md "Page experience").
 */
export async function prepareLab(page: Page, device: Device | undefined, webVitals: AssetText): Promise<LabPrepared> {
  const chosen = device ?? defaultDevice;
  const profile = deviceProfiles[chosen];
  const { width, height, deviceScaleFactor, mobile } = profile.screen;
  await page.setViewport({ width, height, deviceScaleFactor, isMobile: mobile, hasTouch: mobile });
  await page.setUserAgent(profile.userAgent);
  if (profile.cpuSlowdown > 1) await page.emulateCPUThrottling(profile.cpuSlowdown);
  if (profile.network) {
    const { latencyMs, downloadBytesPerSecond, uploadBytesPerSecond } = profile.network;
    await page.emulateNetworkConditions({ latency: latencyMs, download: downloadBytesPerSecond, upload: uploadBytesPerSecond });
  }
  const source = await webVitals();
  if (source === null) return { ok: false, message: "web-vitals is not available to this Worker (its ASSETS binding)." };
  await page.evaluateOnNewDocument(labScript(source));
  return { ok: true, device: chosen };
}

/** Once the DOM was read: the metrics, and the CPU back to full speed for what still runs in the tab (axe-core). */
export async function readLab(page: Page, prepared: LabPrepared): Promise<LabFacts> {
  if (!prepared.ok) return prepared;
  const raw = await page.evaluate(LAB_READ).catch(() => null);
  if (deviceProfiles[prepared.device].cpuSlowdown > 1) await page.emulateCPUThrottling(null).catch(() => undefined);
  const metrics = labMetricsFrom(raw, prepared.device);
  return metrics ? { ok: true, metrics } : { ok: false, message: "The page's lab metrics could not be read." };
}
