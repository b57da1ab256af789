//! Due engine benchmark: 100,000 pieces of equipment × 3 service types with conditions,
//! location overrides, service months, an advanced action, deficiencies and could-not-service
//! events. Prints the time of the evaluations alone (input built beforehand) and a checksum
//! that the TypeScript twin (`bench/due/bench.ts`) must print too, since both build the same
//! data from the same pseudo-random sequence.
//!
//! `cargo run --release -p fieldtag-bench --bin due [-- COUNT]`

use std::time::Instant;

use fieldtag_domain::due::{
    Condition, Deficiency, DueInput, Equipment, EquipmentType, Evaluator, HistoryRecord, LocationOverride, PerformedService, ServiceMonth,
    ServiceType, Site,
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

/// Equipment `i`, built from the shared sequence.
fn equipment(i: u32, seq: &mut Sequence) -> DueInput {
    let site_index = i % 500;
    let k = i % 10;
    let site = Site {
        id: some(format!("site{site_index}")),
        time_zone: some(ZONES[(site_index % 4) as usize]),
        type_id: some(if site_index.is_multiple_of(3) { "hospital" } else { "office" }),
    };
    let equipment_id = format!("eq{i}");
    let mut field_data = Map::new();
    field_data.insert("hours".into(), json!(seq.below(3000).to_string()));
    let services = service_types(k);
    let performed = services
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
    let location_overrides = if site_index.is_multiple_of(7) {
        vec![LocationOverride {
            location_id: site.id.clone(),
            service_type_id: some(format!("et{k}-inspect")),
            override_frequency: Some(2.0),
            ..Default::default()
        }]
    } else {
        Vec::new()
    };
    let service_months = vec![ServiceMonth {
        service_month_category_id: some(format!("cat{}", k % 3)),
        location_id: site.id.clone(),
        march: true,
        june: site_index.is_multiple_of(2),
        september: true,
        december: site_index.is_multiple_of(5),
        ..Default::default()
    }];
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
    DueInput {
        now: some(NOW),
        site: Some(site),
        equipment: Some(Equipment { id: some(equipment_id), manufacture_date: some("2015-06-01"), field_data, ..Default::default() }),
        equipment_type: Some(EquipmentType { id: some(format!("et{k}-type")), service_month_category_id: some(format!("cat{}", k % 3)) }),
        service_types: services,
        performed_services: performed,
        location_overrides,
        service_months,
        deficiencies,
        history,
    }
}

fn main() {
    let count: u32 = std::env::args().nth(1).and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let mut seq = Sequence(20_240_315);
    let inputs: Vec<DueInput> = (0..count).map(|i| equipment(i, &mut seq)).collect();
    let now: jiff::Timestamp = NOW.parse().expect("a timestamp");
    // One untimed round first, as a running server would have met its sites' time zones.
    let mut evaluator = Evaluator::new();
    // One untimed round first, as a running server would have met its sites' time zones; then
    // the best of five rounds, so that a busy machine does not decide the figure.
    const ROUNDS: usize = 6;
    let mut checksum = [0usize; 4];
    let mut services = 0;
    let mut times = Vec::new();
    for round in 0..ROUNDS {
        let start = Instant::now();
        let mut sums = [0usize; 4];
        services = 0;
        for input in &inputs {
            let result = evaluator.evaluate(input, now).expect("generated input is valid");
            services += result.services.len();
            sums[0] += result.services.iter().filter(|s| s.due).count();
            sums[1] += usize::from(result.inspection_due);
            sums[2] += usize::from(result.service_due);
            // Written out, as the TypeScript twin answers them.
            sums[3] += result.services.iter().filter_map(|s| s.next_date).filter(|t| !result.format_date(*t).is_empty()).count();
        }
        if round > 0 {
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        checksum = sums;
    }
    times.sort_by(f64::total_cmp);
    println!(
        "rust: {count} equipment, {services} service evaluations in {:.0} ms (best of {}; median {:.0} ms)",
        times[0],
        times.len(),
        times[times.len() / 2]
    );
    println!(
        "rust checksum: due services {}, inspection due {}, service due {}, dated {}",
        checksum[0], checksum[1], checksum[2], checksum[3]
    );
}
