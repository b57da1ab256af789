//! Due engine benchmark: a report over 100,000 pieces of equipment × 3 service types with
//! conditions, location overrides, service months, an advanced action, deficiencies and
//! could-not-service events, at 500 sites of 10 equipment types. The records are built
//! beforehand, as a server would have read them from the database (the untimed part stands
//! for loading and parsing); the timed part is what a report does with them: prepare the
//! shared catalogue (service types, location overrides, service months), then evaluate every
//! item and write each next date out. Prints that time and a checksum that the TypeScript
//! twin (`bench/due/bench.ts`) must print too, since both build the same data from the same
//! pseudo-random sequence. The items are evaluated on every core, as a report does; the
//! figure on one core is printed after it.
//!
//! `cargo run --release -p fieldtag-bench --bin due [-- COUNT [--inputs]]`; `--inputs` also
//! times the one-`DueInput`-per-item API, each input carrying copies of its service types.

use std::time::Instant;

use fieldtag_domain::due::{
    Catalogue, Condition, Deficiency, DueInput, DueResult, Equipment, EquipmentRecords, EquipmentType, Evaluator, HistoryRecord,
    LocationOverride, PerformedService, ServiceMonth, ServiceType, Site, evaluate_all,
};
use serde_json::{Map, Value, json};

const ZONES: [&str; 4] = ["America/Toronto", "America/Vancouver", "America/Halifax", "America/Winnipeg"];
const NOW: &str = "2024-03-15T16:00:00Z";

/// The 32-bit linear congruential generator both benchmarks share.
struct Sequence(u32);

impl Sequence {
    fn below(&mut self, n: u32) -> u32 {
        self.0 = self.0.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
        (self.0 >> 8) % n
    }
}

fn some(text: impl Into<String>) -> Option<String> {
    Some(text.into())
}

fn time(kind: i64, count: f64) -> Condition {
    Condition { kind: some("time"), time_frequency_type: Some(json!(kind)), time_frequency: Some(count), ..Condition::default() }
}

fn metered(field: &str, method: &str, amount: f64) -> Condition {
    Condition {
        kind: some("metered"),
        metered_field_id: some(field),
        metered_method: some(method),
        metered_amount: Some(json!(amount)),
        ..Condition::default()
    }
}

/// The three service types of equipment type `k`.
fn service_types(k: u32) -> Vec<ServiceType> {
    let id = |name: &str| some(format!("et{k}-{name}"));
    let mut disabled = Map::new();
    disabled.insert("hospital".into(), Value::Bool(k.is_multiple_of(2)));
    vec![
        ServiceType {
            id: id("inspect"),
            equipment_type_id: id("type"),
            inspection: true,
            conditions: vec![time(6, 1.0)],
            ..Default::default()
        },
        ServiceType {
            id: id("annual"),
            equipment_type_id: id("type"),
            due_when: some("any"),
            conditions: vec![time(7, 1.0), metered("hours", "every", 500.0)],
            ..Default::default()
        },
        ServiceType {
            id: id("maintenance"),
            equipment_type_id: id("type"),
            due_when: some("all"),
            conditions: vec![time(6, 6.0), metered("hours", "greaterThan", 100.0)],
            disabled_site_types: disabled,
            advanced_action: Some(3.0),
            advanced_amount: Some(2.0),
            advanced_service_to_change_type_id: id("annual"),
            ..Default::default()
        },
    ]
}

fn date(days_after_2023: u32, hour: u32) -> String {
    let (mut year, mut day) = (2023, days_after_2023);
    if day >= 365 {
        year += 1;
        day -= 365;
    }
    let lengths = [31, if year == 2024 { 29 } else { 28 }, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
    let mut month = 0;
    while day >= lengths[month] {
        day -= lengths[month];
        month += 1;
    }
    format!("{year}-{:02}-{:02}T{hour:02}:15:00.000Z", month + 1, day + 1)
}

const SITES: u32 = 500;
const KINDS: u32 = 10;

/// The records a report shares: sites, equipment types and their service types, location
/// overrides and service months (site `s` holds equipment of type `s % 10` only).
struct Organisation {
    sites: Vec<Site>,
    equipment_types: Vec<EquipmentType>,
    service_types: Vec<ServiceType>,
    location_overrides: Vec<LocationOverride>,
    service_months: Vec<ServiceMonth>,
}

fn site_id(s: u32) -> Option<String> {
    some(format!("site{s}"))
}

fn organisation() -> Organisation {
    let sites = (0..SITES)
        .map(|s| Site {
            id: site_id(s),
            time_zone: some(ZONES[(s % 4) as usize]),
            type_id: some(if s.is_multiple_of(3) { "hospital" } else { "office" }),
        })
        .collect();
    let location_overrides = (0..SITES)
        .filter(|s| s.is_multiple_of(7))
        .map(|s| LocationOverride {
            location_id: site_id(s),
            service_type_id: some(format!("et{}-inspect", s % KINDS)),
            override_frequency: Some(2.0),
            ..Default::default()
        })
        .collect();
    let service_months = (0..SITES)
        .map(|s| ServiceMonth {
            service_month_category_id: some(format!("cat{}", s % KINDS % 3)),
            location_id: site_id(s),
            march: true,
            june: s.is_multiple_of(2),
            september: true,
            december: s.is_multiple_of(5),
            ..Default::default()
        })
        .collect();
    Organisation {
        sites,
        equipment_types: (0..KINDS)
            .map(|k| EquipmentType { id: some(format!("et{k}-type")), service_month_category_id: some(format!("cat{}", k % 3)) })
            .collect(),
        service_types: (0..KINDS).flat_map(service_types).collect(),
        location_overrides,
        service_months,
    }
}

/// One piece of equipment and its own records.
struct Item {
    site: usize,
    kind: usize,
    equipment: Equipment,
    performed_services: Vec<PerformedService>,
    deficiencies: Vec<Deficiency>,
    history: Vec<HistoryRecord>,
}

impl Item {
    fn records<'a>(&'a self, org: &'a Organisation) -> EquipmentRecords<'a> {
        EquipmentRecords {
            site: Some(&org.sites[self.site]),
            equipment: Some(&self.equipment),
            equipment_type: Some(&org.equipment_types[self.kind]),
            performed_services: &self.performed_services,
            deficiencies: &self.deficiencies,
            history: &self.history,
        }
    }

    /// The item as one self-contained input, with copies of its type's service types and of
    /// its site's override and service months (the shape of the `--inputs` figure).
    fn input(&self, org: &Organisation) -> DueInput {
        let site = &org.sites[self.site];
        let at_site = |location: &Option<String>| *location == site.id;
        let first = self.kind * 3;
        DueInput {
            now: some(NOW),
            site: Some(site.clone()),
            equipment: Some(self.equipment.clone()),
            equipment_type: Some(org.equipment_types[self.kind].clone()),
            service_types: org.service_types[first..first + 3].to_vec(),
            performed_services: self.performed_services.clone(),
            location_overrides: org.location_overrides.iter().filter(|o| at_site(&o.location_id)).cloned().collect(),
            service_months: org.service_months.iter().filter(|m| at_site(&m.location_id)).cloned().collect(),
            deficiencies: self.deficiencies.clone(),
            history: self.history.clone(),
        }
    }
}

/// Equipment `i`, built from the shared sequence.
fn item(i: u32, org: &Organisation, seq: &mut Sequence) -> Item {
    let (site, kind) = ((i % SITES) as usize, (i % KINDS) as usize);
    let equipment_id = format!("eq{i}");
    let mut field_data = Map::new();
    field_data.insert("hours".into(), json!(seq.below(3000).to_string()));
    let performed_services = org.service_types[kind * 3..kind * 3 + 3]
        .iter()
        .map(|s| {
            let mut readings = Map::new();
            readings.insert("hours".into(), json!(seq.below(2000).to_string()));
            let last = date(seq.below(440), seq.below(24));
            let overridden = seq.below(50) == 0;
            PerformedService {
                id: some(format!("{equipment_id}-{}", s.id.as_deref().unwrap_or_default())),
                last_date: some(last),
                overided_next_date: overridden.then(|| "2024-06-01".to_string()),
                equipment_id: some(equipment_id.clone()),
                service_type_id: s.id.clone(),
                equipment_field_data: readings,
                ..Default::default()
            }
        })
        .collect();
    let deficiencies = if seq.below(20) == 0 {
        vec![Deficiency { equipment_id: some(equipment_id.clone()), date_opened: some("2024-03-01"), ..Default::default() }]
    } else {
        Vec::new()
    };
    let history = if seq.below(50) == 0 {
        vec![HistoryRecord {
            equipment_id: some(equipment_id.clone()),
            date: some(date(439, seq.below(24))),
            kind: Some(4.0),
            ..Default::default()
        }]
    } else {
        Vec::new()
    };
    Item {
        site,
        kind,
        equipment: Equipment { id: some(equipment_id), manufacture_date: some("2015-06-01"), field_data, ..Default::default() },
        performed_services,
        deficiencies,
        history,
    }
}

/// The checksum's counts, and the services evaluated.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Sums {
    due: usize,
    inspection_due: usize,
    service_due: usize,
    dated: usize,
    services: usize,
}

impl Sums {
    fn add(&mut self, result: &DueResult) {
        self.services += result.services.len();
        self.due += result.services.iter().filter(|s| s.due).count();
        self.inspection_due += usize::from(result.inspection_due);
        self.service_due += usize::from(result.service_due);
        // Written out, as a report shows them (and as the TypeScript twin answers them).
        self.dated += result.services.iter().filter_map(|s| s.next_date).filter(|t| !result.format_date(*t).is_empty()).count();
    }
}

/// This process's time on a CPU so far, every thread's, in milliseconds (each
/// `/proc/self/task/*/schedstat`, kept in nanoseconds): unlike the wall clock it does not grow
/// while other processes hold the cores.
fn cpu_ms() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else { return f64::NAN };
    let ns: f64 = tasks
        .flatten()
        .filter_map(|task| std::fs::read_to_string(task.path().join("schedstat")).ok())
        .filter_map(|text| text.split_whitespace().next()?.parse::<f64>().ok())
        .sum();
    ns / 1e6
}

/// A round's figures: the best and median wall time of five, and the best CPU time.
struct Timing {
    best: f64,
    median: f64,
    cpu: f64,
}

/// One untimed round first, as a running server would have met its sites' time zones; then
/// the best (and median) of five rounds, so that a busy machine does not decide the figure.
fn rounds(mut round: impl FnMut() -> Sums) -> (Sums, Timing) {
    let mut sums = round();
    let (mut times, mut cpu) = (Vec::new(), f64::INFINITY);
    for _ in 0..5 {
        let (start, start_cpu) = (Instant::now(), cpu_ms());
        let these = round();
        times.push(start.elapsed().as_secs_f64() * 1000.0);
        cpu = cpu.min(cpu_ms() - start_cpu);
        assert_eq!(these, sums, "every round answers the same");
        sums = these;
    }
    times.sort_by(f64::total_cmp);
    (sums, Timing { best: times[0], median: times[times.len() / 2], cpu })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: u32 = args.iter().find_map(|a| a.parse().ok()).unwrap_or(100_000);
    let org = organisation();
    let mut seq = Sequence(20_240_315);
    let items: Vec<Item> = (0..count).map(|i| item(i, &org, &mut seq)).collect();
    let now: jiff::Timestamp = NOW.parse().expect("a timestamp");
    let mut evaluator = Evaluator::new();

    // As a report does it: every item on every core, then each next date written out.
    let (sums, timing) = rounds(|| {
        let catalogue = Catalogue::new(&org.service_types, &org.location_overrides, &org.service_months);
        let mut sums = Sums::default();
        for result in evaluate_all(&catalogue, &items, |item| Some((item.records(&org), now))) {
            sums.add(&result.expect("every item is read").expect("generated input is valid"));
        }
        sums
    });
    println!(
        "rust: {count} equipment, {} service evaluations in {:.0} ms (best of 5; median {:.0} ms; CPU {:.0} ms on {} threads; timed: catalogue + evaluate + write dates)",
        sums.services,
        timing.best,
        timing.median,
        timing.cpu,
        std::thread::available_parallelism().map_or(1, |n| n.get())
    );
    println!(
        "rust checksum: due services {}, inspection due {}, service due {}, dated {}",
        sums.due, sums.inspection_due, sums.service_due, sums.dated
    );

    // The same on one core, item after item.
    let (one_core, timing) = rounds(|| {
        let catalogue = Catalogue::new(&org.service_types, &org.location_overrides, &org.service_months);
        let mut sums = Sums::default();
        for item in &items {
            sums.add(&evaluator.evaluate_in(&catalogue, &item.records(&org), now).expect("generated input is valid"));
        }
        sums
    });
    assert_eq!(one_core, sums, "one core answers as every core does");
    println!("rust, one core: {:.0} ms (best of 5; median {:.0} ms; CPU {:.0} ms)", timing.best, timing.median, timing.cpu);

    // Untimed: the catalogue answers as one input per item holding the organisation's lists.
    let catalogue = Catalogue::new(&org.service_types, &org.location_overrides, &org.service_months);
    for item in items.iter().step_by(97) {
        let shared = evaluator.evaluate_in(&catalogue, &item.records(&org), now).expect("valid").to_json();
        let records = item.records(&org);
        let input = DueInput {
            site: records.site.cloned(),
            equipment: records.equipment.cloned(),
            equipment_type: records.equipment_type.cloned(),
            service_types: org.service_types.clone(),
            performed_services: item.performed_services.clone(),
            location_overrides: org.location_overrides.clone(),
            service_months: org.service_months.clone(),
            deficiencies: item.deficiencies.clone(),
            history: item.history.clone(),
            now: None,
        };
        assert_eq!(
            shared,
            evaluator.evaluate(&input, now).expect("valid").to_json(),
            "equipment {}",
            item.equipment.id.as_deref().unwrap_or_default()
        );
    }

    if args.iter().any(|a| a == "--inputs") {
        let inputs: Vec<DueInput> = items.iter().map(|item| item.input(&org)).collect();
        let (input_sums, timing) = rounds(|| {
            let mut sums = Sums::default();
            for input in &inputs {
                sums.add(&evaluator.evaluate(input, now).expect("generated input is valid"));
            }
            sums
        });
        assert_eq!(input_sums, sums, "both APIs answer the same");
        println!(
            "rust, one DueInput per item: {:.0} ms (best of 5; median {:.0} ms; CPU {:.0} ms)",
            timing.best, timing.median, timing.cpu
        );
    }
}
