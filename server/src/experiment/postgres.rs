//! The experiment's PostgreSQL backend, selected by a `postgres://` URL: the synchronous
//! client on the store's writer thread, the schema migrated on connect (under an advisory
//! lock, so servers sharing the database migrate one at a time), a reader's row locked
//! `FOR UPDATE` while its first forecast is decided.

use super::store::{date, group, reader_id, Connection, ForecastRow, StoreError, Tx};
use postgres::{Client, NoTls, Transaction};
use sealbook_core::calendar::{Date, Instant};
use sealbook_core::experiment::analysis::Dataset;
use sealbook_core::experiment::{Forecast, Peek, Reader, ReaderId, Visit};

/// The advisory lock key taken while migrating (any fixed number; "sbexp").
const MIGRATION_LOCK: i64 = 0x0073_6265_7870;

const MIGRATIONS: &[&str] = &["CREATE TABLE readers (
        reader TEXT PRIMARY KEY,
        grp TEXT NOT NULL,
        created_at_us BIGINT NOT NULL,
        reset SMALLINT NOT NULL
     );
     CREATE TABLE forecasts (
        id BIGSERIAL PRIMARY KEY,
        reader TEXT NOT NULL REFERENCES readers(reader),
        session TEXT NOT NULL,
        market TEXT NOT NULL,
        direction TEXT NOT NULL,
        confidence SMALLINT NOT NULL,
        stage TEXT NOT NULL,
        at_us BIGINT NOT NULL,
        first SMALLINT NOT NULL,
        arm TEXT
     );
     CREATE INDEX forecasts_cell ON forecasts (reader, session, market);
     CREATE TABLE peeks (
        reader TEXT NOT NULL REFERENCES readers(reader),
        session TEXT NOT NULL,
        at_us BIGINT NOT NULL,
        PRIMARY KEY (reader, session)
     );
     CREATE TABLE visits (
        reader TEXT NOT NULL REFERENCES readers(reader),
        session TEXT NOT NULL,
        at_us BIGINT NOT NULL,
        PRIMARY KEY (reader, session)
     );"];

pub struct Postgres {
    client: Client,
}

impl Postgres {
    /// Connects to `url` (without TLS: the database is reached on a private network or
    /// loopback) and applies the migrations it lacks.
    pub fn connect(url: &str) -> Result<Postgres, StoreError> {
        let mut client = Client::connect(url, NoTls)?;
        let mut tx = client.transaction()?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
        let have: Option<i32> = tx
            .query_opt("SELECT version FROM schema_version", &[])?
            .map(|r| r.get(0));
        let have = have.unwrap_or(0) as usize;
        if have > MIGRATIONS.len() {
            return Err(StoreError(format!(
                "postgresql: schema version {have} is newer than this sealbook's {}",
                MIGRATIONS.len()
            )));
        }
        for m in &MIGRATIONS[have..] {
            tx.batch_execute(m)?;
        }
        tx.execute("DELETE FROM schema_version", &[])?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&(MIGRATIONS.len() as i32)],
        )?;
        tx.commit()?;
        Ok(Postgres { client })
    }
}

impl Connection for Postgres {
    fn batch(&mut self, f: &mut dyn FnMut(&mut dyn Tx)) -> Result<(), StoreError> {
        let mut tx = self.client.transaction()?;
        let mut w = PgTx {
            tx: &mut tx,
            failed: None,
        };
        f(&mut w);
        if let Some(e) = w.failed {
            // The transaction is aborted: roll it back and fail the whole group.
            let _ = tx.rollback();
            return Err(e);
        }
        tx.commit()?;
        Ok(())
    }
}

struct PgTx<'a, 'b> {
    tx: &'a mut Transaction<'b>,
    /// The first error of the group: PostgreSQL refuses every later statement of it.
    failed: Option<StoreError>,
}

impl PgTx<'_, '_> {
    fn note<T>(&mut self, r: Result<T, postgres::Error>) -> Result<T, StoreError> {
        r.map_err(|e| {
            let e = StoreError::from(e);
            self.failed.get_or_insert(e.clone());
            e
        })
    }
}

const FORECAST_COLUMNS: &str =
    "reader, session, market, direction, confidence, stage, at_us, first, arm";

fn forecast_row(r: &postgres::Row) -> ForecastRow {
    ForecastRow {
        reader: r.get(0),
        session: r.get(1),
        market: r.get(2),
        direction: r.get(3),
        confidence: r.get::<_, i16>(4) as i64,
        stage: r.get(5),
        at_us: r.get(6),
        first: r.get::<_, i16>(7) as i64,
        arm: r.get(8),
    }
}

impl Tx for PgTx<'_, '_> {
    fn insert_reader(&mut self, r: &Reader) -> Result<(), StoreError> {
        let res = self.tx.execute(
            "INSERT INTO readers (reader, grp, created_at_us, reset) VALUES ($1, $2, $3, $4)",
            &[
                &r.reader.as_str(),
                &r.group.as_str(),
                &r.created_at.0,
                &(r.reset as i16),
            ],
        );
        self.note(res).map(drop)
    }

    fn reader(&mut self, id: &ReaderId, lock: bool) -> Result<Option<Reader>, StoreError> {
        let sql = if lock {
            "SELECT grp, created_at_us, reset FROM readers WHERE reader = $1 FOR UPDATE"
        } else {
            "SELECT grp, created_at_us, reset FROM readers WHERE reader = $1"
        };
        let res = self.tx.query_opt(sql, &[&id.as_str()]);
        let row = self.note(res)?;
        row.map(|r| {
            Ok(Reader {
                reader: id.clone(),
                group: group(r.get(0))?,
                created_at: Instant(r.get(1)),
                reset: r.get::<_, i16>(2) != 0,
            })
        })
        .transpose()
    }

    fn forecasts(&mut self, id: &ReaderId, session: Date) -> Result<Vec<Forecast>, StoreError> {
        let sql = format!(
            "SELECT {FORECAST_COLUMNS} FROM forecasts WHERE reader = $1 AND session = $2 ORDER BY id"
        );
        let res = self.tx.query(&sql, &[&id.as_str(), &session.to_string()]);
        let rows = self.note(res)?;
        rows.iter().map(|r| forecast_row(r).forecast()).collect()
    }

    fn sessions(&mut self, id: &ReaderId) -> Result<Vec<Date>, StoreError> {
        let res = self.tx.query(
            "SELECT DISTINCT session FROM forecasts WHERE reader = $1 ORDER BY session",
            &[&id.as_str()],
        );
        let rows = self.note(res)?;
        rows.iter().map(|r| date(r.get::<_, String>(0))).collect()
    }

    fn insert_forecast(&mut self, f: &Forecast) -> Result<(), StoreError> {
        let r = ForecastRow::of(f);
        let sql = format!(
            "INSERT INTO forecasts ({FORECAST_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"
        );
        let res = self.tx.execute(
            &sql,
            &[
                &r.reader,
                &r.session,
                &r.market,
                &r.direction,
                &(r.confidence as i16),
                &r.stage,
                &r.at_us,
                &(r.first as i16),
                &r.arm,
            ],
        );
        self.note(res).map(drop)
    }

    fn insert_peek(&mut self, p: &Peek) -> Result<bool, StoreError> {
        let res = self.tx.execute(
            "INSERT INTO peeks (reader, session, at_us) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            &[&p.reader.as_str(), &p.session.to_string(), &p.at.0],
        );
        Ok(self.note(res)? == 1)
    }

    fn peeked(&mut self, id: &ReaderId, session: Date) -> Result<bool, StoreError> {
        let res = self.tx.query_one(
            "SELECT count(*) FROM peeks WHERE reader = $1 AND session = $2",
            &[&id.as_str(), &session.to_string()],
        );
        Ok(self.note(res)?.get::<_, i64>(0) > 0)
    }

    fn insert_visit(&mut self, v: &Visit) -> Result<bool, StoreError> {
        let res = self.tx.execute(
            "INSERT INTO visits (reader, session, at_us) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
            &[&v.reader.as_str(), &v.session.to_string(), &v.at.0],
        );
        Ok(self.note(res)? == 1)
    }

    fn all(&mut self) -> Result<Dataset, StoreError> {
        let mut d = Dataset::default();
        let res = self.tx.query(
            "SELECT reader, grp, created_at_us, reset FROM readers ORDER BY created_at_us, reader",
            &[],
        );
        for r in self.note(res)? {
            d.readers.push(Reader {
                reader: reader_id(r.get(0))?,
                group: group(r.get(1))?,
                created_at: Instant(r.get(2)),
                reset: r.get::<_, i16>(3) != 0,
            });
        }
        let res = self.tx.query(
            &format!("SELECT {FORECAST_COLUMNS} FROM forecasts ORDER BY id"),
            &[],
        );
        for r in self.note(res)? {
            d.forecasts.push(forecast_row(&r).forecast()?);
        }
        for table in ["peeks", "visits"] {
            let res = self.tx.query(
                &format!("SELECT reader, session, at_us FROM {table} ORDER BY at_us, reader"),
                &[],
            );
            for r in self.note(res)? {
                let (reader, session, at) =
                    (reader_id(r.get(0))?, date(r.get(1))?, Instant(r.get(2)));
                if table == "peeks" {
                    d.peeks.push(Peek {
                        reader,
                        session,
                        at,
                    });
                } else {
                    d.visits.push(Visit {
                        reader,
                        session,
                        at,
                    });
                }
            }
        }
        Ok(d)
    }
}
