// Due engine benchmark for Node, the twin of bench/src/bin/due.rs: the same 100,000 pieces
// of equipment × 3 service types, built from the same pseudo-random sequence, so the
// checksum line must match the Rust one. Run by bench/due.sh. Items of one site share its
// records and their type's service types, as in the app (and as the Rust side's catalogue).

import { evaluate } from "../../web/src/domain/due/index";
import type { DueInput, ServiceType } from "../../web/src/domain/due/index";

const ZONES = ["America/Toronto", "America/Vancouver", "America/Halifax", "America/Winnipeg"];
const NOW = "2024-03-15T16:00:00Z";

let state = 20_240_315;
function below(n: number): number {
  state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
  return (state >>> 8) % n;
}

const time = (kind: number, count: number) => ({ type: "time", timeFrequencyType: kind, timeFrequency: count });
const metered = (field: string, method: string, amount: number) => ({
  type: "metered",
  meteredFieldId: field,
  meteredMethod: method,
  meteredAmount: amount,
});

function serviceTypes(k: number): ServiceType[] {
  const id = (name: string) => `et${k}-${name}`;
  return [
    { id: id("inspect"), equipmentTypeId: id("type"), inspection: true, conditions: [time(6, 1)] },
    { id: id("annual"), equipmentTypeId: id("type"), dueWhen: "any", conditions: [time(7, 1), metered("hours", "every", 500)] },
    {
      id: id("maintenance"),
      equipmentTypeId: id("type"),
      dueWhen: "all",
      conditions: [time(6, 6), metered("hours", "greaterThan", 100)],
      disabledSiteTypes: { hospital: k % 2 === 0 },
      advancedAction: 3,
      advancedAmount: 2,
      advancedServiceToChangeTypeId: id("annual"),
    },
  ];
}

function date(daysAfter2023: number, hour: number): string {
  let year = 2023;
  let day = daysAfter2023;
  if (day >= 365) {
    year += 1;
    day -= 365;
  }
  const lengths = [31, year === 2024 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let month = 0;
  while (day >= (lengths[month] as number)) {
    day -= lengths[month] as number;
    month += 1;
  }
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${year}-${pad(month + 1)}-${pad(day + 1)}T${pad(hour)}:15:00.000Z`;
}

/**
 * The records many items share, built once as the app holds them (domain/records.ts
 * `dueInputOf`): a site and its location overrides and service months, an equipment type and
 * its service types. Site `s` holds equipment of type `s % 10` only.
 */
interface Shared {
  site: { id: string; timeZone: string; typeId: string };
  equipmentType: { id: string; serviceMonthCategoryId: string };
  services: ServiceType[];
  locationOverrides: DueInput["locationOverrides"];
  serviceMonths: DueInput["serviceMonths"];
}

const shared = new Map<number, Shared>();
const serviceTypesOf = new Map<number, ServiceType[]>();

function sharedOf(siteIndex: number, k: number): Shared {
  let records = shared.get(siteIndex);
  if (records) return records;
  let services = serviceTypesOf.get(k);
  if (!services) serviceTypesOf.set(k, (services = serviceTypes(k)));
  const site = {
    id: `site${siteIndex}`,
    timeZone: ZONES[siteIndex % 4] as string,
    typeId: siteIndex % 3 === 0 ? "hospital" : "office",
  };
  records = {
    site,
    equipmentType: { id: `et${k}-type`, serviceMonthCategoryId: `cat${k % 3}` },
    services,
    locationOverrides:
      siteIndex % 7 === 0 ? [{ locationId: site.id, serviceTypeId: `et${k}-inspect`, overrideFrequency: 2 }] : [],
    serviceMonths: [
      {
        serviceMonthCategoryId: `cat${k % 3}`,
        locationId: site.id,
        march: true,
        june: siteIndex % 2 === 0,
        september: true,
        december: siteIndex % 5 === 0,
      },
    ],
  };
  shared.set(siteIndex, records);
  return records;
}

function equipment(i: number): DueInput {
  const siteIndex = i % 500;
  const k = i % 10;
  const { site, equipmentType, services, locationOverrides, serviceMonths } = sharedOf(siteIndex, k);
  const equipmentId = `eq${i}`;
  const fieldData = { hours: String(below(3000)) };
  const performedServices = services.map((s) => {
    const readings = { hours: String(below(2000)) };
    const last = date(below(440), below(24));
    const overridden = below(50) === 0;
    return {
      id: `${equipmentId}-${s.id}`,
      lastDate: last,
      overidedNextDate: overridden ? "2024-06-01" : null,
      equipmentId,
      serviceTypeId: s.id,
      equipmentFieldData: readings,
    };
  });
  const deficiencies = below(20) === 0 ? [{ equipmentId, dateOpened: "2024-03-01" }] : [];
  const history = below(50) === 0 ? [{ equipmentId, date: date(439, below(24)), type: 4 }] : [];
  return {
    now: NOW,
    site,
    equipment: { id: equipmentId, manufactureDate: "2015-06-01", fieldData },
    equipmentType,
    serviceTypes: services,
    performedServices,
    locationOverrides,
    serviceMonths,
    deficiencies,
    history,
  };
}

const count = Number(process.argv[2] ?? 100_000);
const inputs = Array.from({ length: count }, (_, i) => equipment(i));
const now = Date.parse(NOW);
// One untimed round first, as a running app would have met its sites' time zones; then the
// best of five rounds, so that a collector pause or a busy machine does not decide the figure.
const ROUNDS = 6;
let checksum = [0, 0, 0, 0];
let services = 0;
const times: number[] = [];
// The process's time on a CPU (collector threads included): unlike the wall clock it does not
// grow while other processes hold the cores.
let cpu = Infinity;
for (let round = 0; round < ROUNDS; round++) {
  const start = performance.now();
  const startCpu = process.cpuUsage();
  const sums = [0, 0, 0, 0];
  services = 0;
  for (const input of inputs) {
    const result = evaluate(input, now);
    services += result.services.length;
    for (const s of result.services) {
      if (s.due) sums[0]++;
      if (s.nextDate !== null) sums[3]++;
    }
    if (result.inspectionDue) sums[1]++;
    if (result.serviceDue) sums[2]++;
  }
  if (round > 0) {
    times.push(performance.now() - start);
    const used = process.cpuUsage(startCpu);
    cpu = Math.min(cpu, (used.user + used.system) / 1000);
  }
  checksum = sums;
}
times.sort((a, b) => a - b);
const median = times[Math.floor(times.length / 2)] as number;
console.log(
  `typescript: ${count} equipment, ${services} service evaluations in ${(times[0] as number).toFixed(0)} ms (best of ${times.length}; median ${median.toFixed(0)} ms; CPU ${cpu.toFixed(0)} ms)`,
);
console.log(`typescript checksum: due services ${checksum[0]}, inspection due ${checksum[1]}, service due ${checksum[2]}, dated ${checksum[3]}`);
