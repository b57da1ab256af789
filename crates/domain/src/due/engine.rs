//! One evaluation: the services of one piece of equipment, in three passes. First each
//! service's own date (frequency, location override, service months, or the overriding next
//! date); then advanced actions against the other services' first-pass dates; then whether
//! each service, and the equipment, is due.

use serde_json::{Map, Value};

use super::catalogue::{Catalogue, EquipmentRecords};
use super::clock::{Clock, Millis};
use super::input::{LocationOverride, PerformedService, ServiceType, present, same_owner};
use super::rules::{self, Advanced, DueWhen, Rules, TimeRule};
use super::schedule::{self, Steps};
use super::{AffectedBy, DueError, DueResult, ServiceDue};
use crate::history_type::HistoryType;

fn error(field: impl Into<String>, message: impl Into<String>) -> DueError {
    DueError { field: field.into(), message: message.into() }
}

/// The clocks of the zones met so far, so that evaluating many pieces of equipment reads
/// each zone's offsets once, and the start of today in each zone for the latest `now` (a
/// report or a site's list asks for the same few zones at the same instant many times).
#[derive(Debug, Default)]
pub struct Clocks {
    known: hashbrown::HashMap<String, Option<Zone>>,
}

#[derive(Debug)]
struct Zone {
    clock: Clock,
    /// `(now, the start of its day here)` for the latest `now` asked about.
    today: Option<(Millis, Millis)>,
}

impl Clocks {
    /// The zone's clock and the start of the day holding `now` there.
    fn get(&mut self, zone: &str, now: Millis) -> Option<(&Clock, Millis)> {
        let zone = self.known.entry_ref(zone).or_insert_with(|| Clock::new(zone).map(|clock| Zone { clock, today: None })).as_mut()?;
        let today = match zone.today {
            Some((at, today)) if at == now => today,
            _ => {
                let today = zone.clock.day_start(now).unwrap_or(now);
                zone.today = Some((now, today));
                today
            }
        };
        Some((&zone.clock, today))
    }
}

/// Reads a date; `field` names it in the error, and is written out only then.
fn parse_date(clock: &Clock, text: &str, field: impl FnOnce() -> String) -> Result<Millis, DueError> {
    clock.parse(text).ok_or_else(|| error(field(), format!("\"{text}\" is not an ISO 8601 date")))
}

/// A service of this equipment after the first pass; `'a` is the catalogue's records, which
/// the answer's ids borrow, `'p` as long as the evaluation borrows.
struct Planned<'p, 'a> {
    id: &'a str,
    service: &'a ServiceType,
    /// `None` for an unscheduled service.
    rules: Option<&'p Rules<'a>>,
    /// The time frequency after a location override.
    time: Option<TimeRule>,
    performed: Option<&'p PerformedService>,
    next: Option<Millis>,
    /// The date before any advanced action, which other services' actions compare against.
    first_pass: Option<Millis>,
    affected: Vec<AffectedBy>,
    overridden: bool,
    steps: Steps,
}

/// What one evaluation reads; `'p` is as long as the evaluation borrows, `'a` the
/// catalogue's records (a catalogue cannot be shortened: its rules are filled in as read).
struct Context<'p, 'a> {
    catalogue: &'p Catalogue<'a>,
    item: &'p EquipmentRecords<'p>,
    clock: &'p Clock,
    now: Millis,
    today: Millis,
    manufactured: Option<Millis>,
    equipment_id: Option<&'p str>,
    service_months: Option<[bool; 12]>,
    explain: bool,
}

pub(super) fn run<'a>(
    catalogue: &Catalogue<'a>,
    item: &EquipmentRecords,
    now: Millis,
    explain: bool,
    clocks: &mut Clocks,
) -> Result<DueResult<'a>, DueError> {
    let site = item.site.ok_or_else(|| error("site", "site is required"))?;
    let zone = present(&site.time_zone).ok_or_else(|| error("site.timeZone", "timeZone is required"))?;
    let (clock, today) = clocks.get(zone, now).ok_or_else(|| error("site.timeZone", format!("unknown time zone: {zone}")))?;
    let equipment = item.equipment.ok_or_else(|| error("equipment", "equipment is required"))?;
    let manufactured = match present(&equipment.manufacture_date) {
        Some(text) => Some(parse_date(clock, text, || "equipment.manufactureDate".to_string())?),
        None => None,
    };
    let equipment_type = item.equipment_type;
    let category = equipment
        .service_month
        .as_ref()
        .and_then(Value::as_str)
        .filter(|c| !c.is_empty())
        .or_else(|| equipment_type.and_then(|t| t.service_month_category_id.as_deref()));
    let service_months = category.and_then(|category| {
        catalogue
            .months_at(site.id.as_deref())
            .map(|index| &catalogue.service_months[index])
            .find(|m| m.service_month_category_id.as_deref() == Some(category))
            .map(|m| m.months())
    });
    let ctx = Context { catalogue, item, clock, now, today, manufactured, equipment_id: equipment.id.as_deref(), service_months, explain };

    let type_id = equipment_type.and_then(|t| t.id.as_deref());
    let mut planned = Vec::with_capacity(4);
    for index in catalogue.service_types_for(type_id) {
        let service = &catalogue.service_types[index];
        let id = service
            .id
            .as_deref()
            .filter(|id| !id.is_empty())
            .ok_or_else(|| error(format!("serviceTypes[{index}].id"), "id is required"))?;
        let disabled_here = site.type_id.as_ref().and_then(|t| service.disabled_site_types.get(t)) == Some(&Value::Bool(true));
        let location_override = catalogue
            .overrides_at(site.id.as_deref())
            .map(|index| (index, &catalogue.location_overrides[index]))
            .find(|(_, o)| o.service_type_id.as_deref() == Some(id));
        if disabled_here || location_override.is_some_and(|(_, o)| o.disabled_for_location) {
            continue;
        }
        planned.push(plan(&ctx, service, index, id, location_override)?);
    }

    for index in 0..planned.len() {
        let other = match planned[index].rules {
            Some(Rules { advanced: Advanced::AvoidSameDate { other } | Advanced::KeepAway { other, .. }, .. }) => {
                planned.iter().position(|q| q.id == *other)
            }
            _ => None,
        };
        if let Some(other) = other.filter(|other| *other != index) {
            let other_date = planned[other].first_pass;
            advance(&ctx, &mut planned[index], other_date)?;
        }
    }
    finish(&ctx, planned, &equipment.field_data)
}

fn plan<'p, 'a>(
    ctx: &Context<'p, 'a>,
    service: &'a ServiceType,
    index: usize,
    id: &'a str,
    location_override: Option<(usize, &'p LocationOverride)>,
) -> Result<Planned<'p, 'a>, DueError> {
    let mut steps = Steps::new(ctx.explain);
    let performed =
        ctx.item.performed_services.iter().enumerate().find(|(_, p)| {
            !p.deleted && p.service_type_id.as_deref() == Some(id) && same_owner(p.equipment_id.as_deref(), ctx.equipment_id)
        });
    let mut planned = Planned {
        id,
        service,
        rules: None,
        time: None,
        performed: performed.map(|(_, p)| p),
        next: None,
        first_pass: None,
        affected: Vec::new(),
        overridden: false,
        steps: Steps::new(false),
    };
    if service.unscheduled {
        steps.add(|| "unscheduled: no next date and never due".to_string());
        planned.steps = steps;
        return Ok(planned);
    }
    let rules = ctx.catalogue.rules(index)?;
    let Some(mut time) = rules.time else {
        steps.add(|| "no time condition: no next date".to_string());
        planned.rules = Some(rules);
        planned.steps = steps;
        return Ok(planned);
    };
    let clock = ctx.clock;
    if let Some((index, location_override)) = location_override
        && let Some(frequency) = location_override.override_frequency
    {
        let field = format!("locationOverrides[{index}].overrideFrequency");
        time.frequency.count = super::frequency::whole_count(Some(frequency))
            .ok_or_else(|| error(field, "overrideFrequency must be a whole number of at least 1"))?;
        planned.affected.push(AffectedBy::LocationOverride);
        steps.add(|| format!("location override: frequency is {}", time.frequency.describe()));
    }
    if let Some((index, performed)) = performed
        && let Some(text) = present(&performed.overided_next_date)
    {
        let next = parse_date(clock, text, || format!("performedServices[{index}].overidedNextDate"))?;
        steps.add(|| format!("service override: the next date is set to {}", clock.format(next)));
        planned.next = Some(next);
        planned.affected.clear();
        planned.affected.push(AffectedBy::ServiceOverride);
        planned.overridden = true;
    } else {
        let last = match performed.and_then(|(index, p)| present(&p.last_date).map(|text| (index, text))) {
            Some((index, text)) => Some(parse_date(clock, text, || format!("performedServices[{index}].lastDate"))?),
            None => None,
        };
        let (base, from) = match (last, ctx.manufactured) {
            (Some(last), _) => (last, "last performed"),
            (None, Some(made)) => (made, "manufactured"),
            (None, None) => (ctx.today, "never performed, from the start of today"),
        };
        let mut next = schedule::after(clock, base, time.frequency, &time)?;
        steps.add(|| format!("{from} {} + {} = {}", clock.format(base), time.frequency.describe(), clock.format(next)));
        if let Some(months) = ctx.service_months.filter(|_| schedule::months_apply(time.frequency))
            && let Some(moved) = schedule::into_service_month(clock, next, months, &mut steps)
        {
            next = moved;
            planned.affected.push(AffectedBy::ServiceMonths);
        }
        planned.next = Some(next);
    }
    planned.first_pass = planned.next;
    planned.rules = Some(rules);
    planned.time = Some(time);
    planned.steps = steps;
    Ok(planned)
}

/// Applies a service's advanced action against the other service's first-pass date. An
/// overriding next date is never moved; another service without a date leaves it alone.
fn advance(ctx: &Context, planned: &mut Planned, other: Option<Millis>) -> Result<(), DueError> {
    let (Some(rules), Some(time), Some(own), Some(other)) = (planned.rules, &planned.time, planned.next, other) else {
        return Ok(());
    };
    if planned.overridden {
        return Ok(());
    }
    if let Some(moved) = schedule::yield_to_other(ctx.clock, own, time, &rules.advanced, other, &mut planned.steps)? {
        planned.next = Some(moved);
        planned.affected.push(AffectedBy::AnotherService);
    }
    Ok(())
}

/// Decides what is due, and for how long the equipment is hidden.
fn finish<'a>(ctx: &Context<'_, 'a>, planned: Vec<Planned<'_, 'a>>, readings: &Map<String, Value>) -> Result<DueResult<'a>, DueError> {
    let clock = ctx.clock;
    let mut services = Vec::with_capacity(planned.len());
    for mut p in planned {
        let due = match p.rules {
            None => false,
            Some(rules) => {
                // Every condition is checked (and explained), then combined by `dueWhen`.
                let (mut checked, mut all, mut any) = (0, true, false);
                let mut record = |holds: bool| {
                    checked += 1;
                    all &= holds;
                    any |= holds;
                };
                if let (Some(time), Some(next)) = (&p.time, p.next) {
                    let unit = time.frequency.kind;
                    let from = unit.period_start(clock, next);
                    let due = ctx.now >= from;
                    p.steps.add(|| {
                        format!("time: due from {} (same {} as the next date or later): {}", clock.format(from), unit.name(), yes_no(due))
                    });
                    record(due);
                }
                let last_readings = p.performed.map(|performed| &performed.equipment_field_data);
                for metered in &rules.metered {
                    let holds = metered.holds(readings, last_readings);
                    p.steps.add(|| {
                        let reading = readings.get(metered.field_id).map_or("none".to_string(), super::frequency::value_text);
                        let since = match metered.method {
                            rules::Method::Every => format!(" since the last reading {}", metered.last_reading(last_readings)),
                            _ => String::new(),
                        };
                        format!("metered: reading {reading}, {}{since}: {}", metered.describe(), yes_no(holds))
                    });
                    record(holds);
                }
                let due = match rules.due_when {
                    DueWhen::All => checked > 0 && all,
                    DueWhen::Any => any,
                };
                p.steps.add(|| format!("due when {}: {}", if rules.due_when == DueWhen::All { "all" } else { "any" }, yes_no(due)));
                due
            }
        };
        services.push(ServiceDue {
            service_type_id: p.id,
            next_date: p.next.map(to_timestamp),
            affected_by: schedule::sorted(p.affected),
            due,
            inspection: p.service.inspection,
            unscheduled: p.service.unscheduled,
            explain: p.steps.lines,
        });
    }
    let open_deficiency = ctx
        .item
        .deficiencies
        .iter()
        .any(|d| !d.deleted && same_owner(d.equipment_id.as_deref(), ctx.equipment_id) && present(&d.date_closed).is_none());
    let inspection_due = open_deficiency || services.iter().any(|s| s.due && s.inspection && !s.unscheduled);
    let service_due = open_deficiency || services.iter().any(|s| s.due && !s.inspection && !s.unscheduled);
    Ok(DueResult {
        services,
        inspection_due,
        service_due,
        open_deficiency,
        hidden_until: hidden_until(ctx)?.map(to_timestamp),
        clock: clock.clone(),
    })
}

/// Could Not Service (spec §4): an event dated from the start of today through the end of
/// tomorrow hides the item until the end of the event's day (the start of the next day).
fn hidden_until(ctx: &Context) -> Result<Option<Millis>, DueError> {
    if ctx.item.history.is_empty() {
        return Ok(None);
    }
    let clock = ctx.clock;
    let day_after_tomorrow = clock.add(ctx.today, super::clock::Step::Days(2)).unwrap_or(Millis::MAX);
    let could_not_service = HistoryType::CouldNotService.number() as f64;
    let mut until: Option<Millis> = None;
    for (index, record) in ctx.item.history.iter().enumerate() {
        if record.deleted || record.kind != Some(could_not_service) || !same_owner(record.equipment_id.as_deref(), ctx.equipment_id) {
            continue;
        }
        let Some(text) = present(&record.date) else { continue };
        let date = parse_date(clock, text, || format!("history[{index}].date"))?;
        if date < ctx.today || date >= day_after_tomorrow {
            continue;
        }
        let end_of_day = clock.add(clock.day_start(date).unwrap_or(date), super::clock::Step::Days(1));
        until = until.max(end_of_day);
    }
    Ok(until)
}

fn yes_no(value: bool) -> &'static str {
    if value { "yes" } else { "no" }
}

fn to_timestamp(t: Millis) -> jiff::Timestamp {
    jiff::Timestamp::from_millisecond(t).unwrap_or(jiff::Timestamp::MAX)
}
