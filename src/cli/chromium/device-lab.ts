import { deviceProfiles, defaultDevice, type Device } from "../../analysis/lab-device";
import { LAB_READ, labMetricsFrom, labScript } from "../../analysis/lab-metrics";
import type { LabFacts } from "../../analysis/types";
import type { CdpSend } from "../../analysis/axe-run";
import { webVitalsSource } from "./page-scripts";

type Prepared = { ok: true; device: Device } | { ok: false; message: string };

/**
 * Before the page loads, over the DevTools protocol: the device's screen, user agent and throttling (lab-device.ts,
 * as Lighthouse applies them) and web-vitals with the collector ahead of the page's own scripts.
 */
export async function prepareLab(send: CdpSend, device: Device | undefined): Promise<Prepared> {
  const chosen = device ?? defaultDevice;
  const profile = deviceProfiles[chosen];
  await send("Emulation.setDeviceMetricsOverride", { ...profile.screen });
  await send("Emulation.setTouchEmulationEnabled", { enabled: profile.screen.mobile });
  await send("Emulation.setUserAgentOverride", { userAgent: profile.userAgent });
  await send("Emulation.setCPUThrottlingRate", { rate: profile.cpuSlowdown });
  if (profile.network) {
    const { latencyMs, downloadBytesPerSecond, uploadBytesPerSecond } = profile.network;
    await send("Network.emulateNetworkConditions", { offline: false, latency: latencyMs, downloadThroughput: downloadBytesPerSecond, uploadThroughput: uploadBytesPerSecond });
  }
  const source = await webVitalsSource();
  if (source === null) return { ok: false, message: "web-vitals is not installed beside pagegrade." };
  await send("Page.addScriptToEvaluateOnNewDocument", { source: labScript(source) });
  return { ok: true, device: chosen };
}

/** Once the DOM was read: the metrics, then the CPU back to full speed for axe-core. */
export async function readLab(send: CdpSend, prepared: Prepared): Promise<LabFacts> {
  if (!prepared.ok) return prepared;
  const read = await send("Runtime.evaluate", { expression: LAB_READ, returnByValue: true, awaitPromise: true }).catch(() => null);
  await send("Emulation.setCPUThrottlingRate", { rate: 1 }).catch(() => undefined);
  const metrics = labMetricsFrom(read?.result?.value, prepared.device);
  return metrics ? { ok: true, metrics } : { ok: false, message: "The page's lab metrics could not be read." };
}
