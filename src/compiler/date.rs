//! Calendar dates for `updated` front matter, sitemap `lastmod` and security.txt `Expires`.
//!
//! Only whole days in UTC are needed, so this is the proleptic Gregorian calendar over day
//! numbers (days since 1970-01-01), after Howard Hinnant's `civil_from_days`.

use std::fmt;

/// A calendar date. Field order makes the derived `Ord` chronological.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    pub year: i32,
    pub month: u8,
    pub day: u8,
}

const SECS_PER_DAY: u64 = 86_400;

impl Date {
    /// The UTC date of a Unix time in seconds.
    pub fn from_unix_secs(secs: u64) -> Date {
        Date::from_days((secs / SECS_PER_DAY) as i64)
    }

    /// A checked date: `None` if the day does not exist (`2025-02-30`).
    pub fn new(year: i32, month: u8, day: u8) -> Option<Date> {
        let date = Date { year, month, day };
        ((1..=12).contains(&month) && day >= 1 && day <= days_in_month(year, month)).then_some(date)
    }

    /// The date `n_days` later.
    pub fn plus_days(self, n_days: i64) -> Date {
        Date::from_days(self.days() + n_days)
    }

    /// `YYYY-MM-DDT00:00:00Z`, an RFC 3339 timestamp at the start of the day.
    pub fn rfc3339_midnight(self) -> String {
        format!("{self}T00:00:00Z")
    }

    fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097);
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    fn days(self) -> i64 {
        let year = i64::from(self.year) - i64::from(self.month <= 2);
        let era = year.div_euclid(400);
        let yoe = year.rem_euclid(400);
        let month = i64::from(self.month);
        let doy = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5
            + i64::from(self.day)
            - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    match month {
        2 if leap => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

impl fmt::Display for Date {
    /// `YYYY-MM-DD` (W3C Datetime date precision, as sitemaps use it).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}
