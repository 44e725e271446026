//! A throwaway PostgreSQL server for the experiment's storage tests and HTTP tests: initdb in
//! a temporary directory, `trust` authentication, listening on 127.0.0.1 and a free port, run
//! as the `postgres` user when the tests run as root.

use std::path::PathBuf;
use std::process::Command;

/// A throwaway PostgreSQL server, stopped when dropped.
pub struct Pg {
    bin: PathBuf,
    dir: tempfile::TempDir,
    port: u16,
    root: bool,
}

impl Pg {
    fn cmd(&self, tool: &str) -> Command {
        let exe = self.bin.join(tool);
        if self.root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(exe);
            c
        } else {
            Command::new(exe)
        }
    }

    /// A started server, or None (after a loud message) when PostgreSQL's binaries are
    /// missing, unless `SEALBOOK_REQUIRE_POSTGRES` is set (as CI sets it): then it fails.
    pub fn start_or_skip(what: &str) -> Option<Pg> {
        let pg = Pg::start();
        if pg.is_none() {
            let msg =
                "PostgreSQL binaries (initdb, pg_ctl under /usr/lib/postgresql/*/bin) are missing";
            assert!(
                std::env::var_os("SEALBOOK_REQUIRE_POSTGRES").is_none(),
                "{msg}"
            );
            eprintln!("\n*** SKIPPED {what}: {msg}; install postgresql ***\n");
        }
        pg
    }

    fn start() -> Option<Pg> {
        let bin = ["/usr/lib/postgresql"]
            .iter()
            .filter_map(|d| std::fs::read_dir(d).ok())
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
            .filter(|b| b.join("initdb").is_file())
            .max()?;
        // SAFETY: geteuid has no preconditions and touches no memory.
        #[allow(unsafe_code)]
        let root = unsafe { libc::geteuid() } == 0;
        let dir = tempfile::tempdir().unwrap();
        if root {
            let ok = Command::new("chown")
                .arg("postgres")
                .arg(dir.path())
                .status()
                .unwrap()
                .success();
            assert!(ok, "chown postgres {}", dir.path().display());
        }
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let pg = Pg {
            bin,
            dir,
            port,
            root,
        };
        let data = pg.dir.path().join("db");
        let out = pg
            .cmd("initdb")
            .arg("-D")
            .arg(&data)
            .args(["-A", "trust", "-U", "sb"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "initdb: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let opts = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1",
            pg.dir.path().display()
        );
        let out = pg
            .cmd("pg_ctl")
            .arg("-D")
            .arg(&data)
            .args(["-o", &opts, "-w", "-l"])
            .arg(pg.dir.path().join("log"))
            .arg("start")
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "pg_ctl start: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        Some(pg)
    }

    pub fn url(&self) -> String {
        format!("postgres://sb@127.0.0.1:{}/postgres", self.port)
    }

    /// The URL with a password in its user information (the server trusts local connections,
    /// so the password is sent nowhere but must never be logged either).
    pub fn url_with_password(&self, password: &str) -> String {
        format!("postgres://sb:{password}@127.0.0.1:{}/postgres", self.port)
    }
}

impl Drop for Pg {
    fn drop(&mut self) {
        let _ = self
            .cmd("pg_ctl")
            .arg("-D")
            .arg(self.dir.path().join("db"))
            .args(["-m", "fast", "-w", "stop"])
            .output();
    }
}
