//! The experiment's SQLite backend: `experiment.sqlite` in the league directory, WAL journal,
//! `synchronous=FULL` (a commit is on disk before it returns), migrated on open.

use super::store::{date, group, reader_id, Connection, ForecastRow, StoreError, Tx};
use rusqlite::{params, OptionalExtension};
use sealbook_core::calendar::{Date, Instant};
use sealbook_core::experiment::analysis::Dataset;
use sealbook_core::experiment::{Forecast, Peek, Reader, ReaderId, Visit};
use std::path::Path;

/// The database file's name in the league directory.
pub const FILE: &str = "experiment.sqlite";

/// The schema, one migration per entry; `schema_version` holds how many are applied.
const MIGRATIONS: &[&str] = &["CREATE TABLE readers (
        reader TEXT PRIMARY KEY,
        grp TEXT NOT NULL,
        created_at_us INTEGER NOT NULL,
        reset INTEGER NOT NULL
     );
     CREATE TABLE forecasts (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        reader TEXT NOT NULL REFERENCES readers(reader),
        session TEXT NOT NULL,
        market TEXT NOT NULL,
        direction TEXT NOT NULL,
        confidence INTEGER NOT NULL,
        stage TEXT NOT NULL,
        at_us INTEGER NOT NULL,
        first INTEGER NOT NULL,
        arm TEXT
     );
     CREATE INDEX forecasts_cell ON forecasts (reader, session, market);
     CREATE TABLE peeks (
        reader TEXT NOT NULL REFERENCES readers(reader),
        session TEXT NOT NULL,
        at_us INTEGER NOT NULL,
        PRIMARY KEY (reader, session)
     );
     CREATE TABLE visits (
        reader TEXT NOT NULL REFERENCES readers(reader),
        session TEXT NOT NULL,
        at_us INTEGER NOT NULL,
        PRIMARY KEY (reader, session)
     );"];

pub struct Sqlite {
    conn: rusqlite::Connection,
}

impl Sqlite {
    /// Opens (creating) the database at `path` and applies the migrations it lacks.
    pub fn open(path: &Path) -> Result<Sqlite, StoreError> {
        let conn = rusqlite::Connection::open(path)?;
        let mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(StoreError(format!(
                "sqlite: {} refused WAL mode (journal_mode {mode})",
                path.display()
            )));
        }
        conn.execute_batch(
            "PRAGMA synchronous=FULL; PRAGMA foreign_keys=ON; PRAGMA busy_timeout=5000;",
        )?;
        conn.execute_batch("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
        let have: Option<i64> = conn
            .query_row("SELECT version FROM schema_version", [], |r| r.get(0))
            .optional()?;
        let have = have.unwrap_or(0) as usize;
        if have > MIGRATIONS.len() {
            return Err(StoreError(format!(
                "sqlite: {} has schema version {have}, newer than this sealbook's {}",
                path.display(),
                MIGRATIONS.len()
            )));
        }
        let tx = conn.unchecked_transaction()?;
        for m in &MIGRATIONS[have..] {
            tx.execute_batch(m)?;
        }
        tx.execute("DELETE FROM schema_version", [])?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES (?1)",
            [MIGRATIONS.len() as i64],
        )?;
        tx.commit()?;
        Ok(Sqlite { conn })
    }
}

impl Sqlite {
    /// A second connection to the database at `path`, which [`Sqlite::open`] made, for reading
    /// beside the writer (`query_only`; in WAL mode a reader neither waits for the writer nor
    /// holds it up).
    pub fn open_reader(path: &Path) -> Result<Sqlite, StoreError> {
        let conn = rusqlite::Connection::open(path)?;
        conn.execute_batch("PRAGMA query_only=ON; PRAGMA busy_timeout=5000;")?;
        Ok(Sqlite { conn })
    }
}

impl Connection for Sqlite {
    fn batch(&mut self, f: &mut dyn FnMut(&mut dyn Tx)) -> Result<(), StoreError> {
        let tx = self.conn.transaction()?;
        f(&mut SqliteTx(&tx));
        tx.commit()?;
        Ok(())
    }
}

struct SqliteTx<'a>(&'a rusqlite::Transaction<'a>);

fn forecast_row(r: &rusqlite::Row<'_>) -> rusqlite::Result<ForecastRow> {
    Ok(ForecastRow {
        reader: r.get(0)?,
        session: r.get(1)?,
        market: r.get(2)?,
        direction: r.get(3)?,
        confidence: r.get(4)?,
        stage: r.get(5)?,
        at_us: r.get(6)?,
        first: r.get(7)?,
        arm: r.get(8)?,
    })
}

const FORECAST_COLUMNS: &str =
    "reader, session, market, direction, confidence, stage, at_us, first, arm";

impl Tx for SqliteTx<'_> {
    fn insert_reader(&mut self, r: &Reader) -> Result<(), StoreError> {
        self.0.execute(
            "INSERT INTO readers (reader, grp, created_at_us, reset) VALUES (?1, ?2, ?3, ?4)",
            params![
                r.reader.as_str(),
                r.group.as_str(),
                r.created_at.0,
                r.reset as i64
            ],
        )?;
        Ok(())
    }

    fn reader(&mut self, id: &ReaderId, _lock: bool) -> Result<Option<Reader>, StoreError> {
        let row = self
            .0
            .prepare_cached("SELECT grp, created_at_us, reset FROM readers WHERE reader = ?1")?
            .query_row([id.as_str()], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            })
            .optional()?;
        row.map(|(g, at, reset)| {
            Ok(Reader {
                reader: id.clone(),
                group: group(g)?,
                created_at: Instant(at),
                reset: reset != 0,
            })
        })
        .transpose()
    }

    fn forecasts(&mut self, id: &ReaderId, session: Date) -> Result<Vec<Forecast>, StoreError> {
        let mut st = self.0.prepare_cached(&format!(
            "SELECT {FORECAST_COLUMNS} FROM forecasts WHERE reader = ?1 AND session = ?2 ORDER BY id"
        ))?;
        let rows = st.query_map(params![id.as_str(), session.to_string()], forecast_row)?;
        rows.map(|r| r?.forecast()).collect()
    }

    fn sessions(&mut self, id: &ReaderId) -> Result<Vec<Date>, StoreError> {
        let mut st = self.0.prepare_cached(
            "SELECT DISTINCT session FROM forecasts WHERE reader = ?1 ORDER BY session",
        )?;
        let rows = st.query_map(params![id.as_str()], |r| r.get::<_, String>(0))?;
        rows.map(|r| date(r?)).collect()
    }

    fn insert_forecast(&mut self, f: &Forecast) -> Result<(), StoreError> {
        let r = ForecastRow::of(f);
        self.0
            .prepare_cached(&format!(
                "INSERT INTO forecasts ({FORECAST_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)"
            ))?
            .execute(params![
                r.reader, r.session, r.market, r.direction, r.confidence, r.stage, r.at_us,
                r.first, r.arm
            ])?;
        Ok(())
    }

    fn insert_peek(&mut self, p: &Peek) -> Result<bool, StoreError> {
        let n = self.0.execute(
            "INSERT INTO peeks (reader, session, at_us) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            params![p.reader.as_str(), p.session.to_string(), p.at.0],
        )?;
        Ok(n == 1)
    }

    fn peeked(&mut self, id: &ReaderId, session: Date) -> Result<bool, StoreError> {
        let n: i64 = self
            .0
            .prepare_cached("SELECT count(*) FROM peeks WHERE reader = ?1 AND session = ?2")?
            .query_row(params![id.as_str(), session.to_string()], |r| r.get(0))?;
        Ok(n > 0)
    }

    fn insert_visit(&mut self, v: &Visit) -> Result<bool, StoreError> {
        let n = self
            .0
            .prepare_cached(
                "INSERT INTO visits (reader, session, at_us) VALUES (?1, ?2, ?3) ON CONFLICT DO NOTHING",
            )?
            .execute(params![v.reader.as_str(), v.session.to_string(), v.at.0])?;
        Ok(n == 1)
    }

    fn all(&mut self) -> Result<Dataset, StoreError> {
        let mut d = Dataset::default();
        let mut st = self.0.prepare(
            "SELECT reader, grp, created_at_us, reset FROM readers ORDER BY created_at_us, reader",
        )?;
        for r in st.query_map([], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
                r.get::<_, i64>(3)?,
            ))
        })? {
            let (id, g, at, reset) = r?;
            d.readers.push(Reader {
                reader: reader_id(id)?,
                group: group(g)?,
                created_at: Instant(at),
                reset: reset != 0,
            });
        }
        let mut st = self.0.prepare(&format!(
            "SELECT {FORECAST_COLUMNS} FROM forecasts ORDER BY id"
        ))?;
        for r in st.query_map([], forecast_row)? {
            d.forecasts.push(r?.forecast()?);
        }
        let pairs = |table: &str| -> Result<Vec<(ReaderId, Date, Instant)>, StoreError> {
            let mut st = self.0.prepare(&format!(
                "SELECT reader, session, at_us FROM {table} ORDER BY at_us, reader"
            ))?;
            let rows = st.query_map([], |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, String>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            })?;
            rows.map(|r| {
                let (id, s, at) = r?;
                Ok((reader_id(id)?, date(s)?, Instant(at)))
            })
            .collect()
        };
        d.peeks = pairs("peeks")?
            .into_iter()
            .map(|(reader, session, at)| Peek {
                reader,
                session,
                at,
            })
            .collect();
        d.visits = pairs("visits")?
            .into_iter()
            .map(|(reader, session, at)| Visit {
                reader,
                session,
                at,
            })
            .collect();
        Ok(d)
    }
}
