//! core::stats against numpy, scipy, statsmodels, arch and properscoring (tests/py/stats_peer.py).
//!
//! One peer process answers every case; floats cross the boundary as IEEE-754 bit patterns so
//! the numpy-identical parts (generator, reductions, percentiles, bootstrap replicates, the
//! primary endpoint) are compared exactly and the rest to a stated tolerance.

#![forbid(unsafe_code)]

use sealbook_core::stats::{
    bootstrap, crps, eigen, endpoint, hac, intervals, logistic, numpy_reduce, rng, sign_test,
    special,
};
use serde_json::{json, Value};

fn bits(xs: &[f64]) -> Vec<u64> {
    xs.iter().map(|x| x.to_bits()).collect()
}

fn f(v: &Value) -> f64 {
    f64::from_bits(v.as_u64().expect("float bits"))
}

fn fs(v: &Value) -> Vec<f64> {
    v.as_array().expect("array").iter().map(f).collect()
}

fn close(a: f64, b: f64, rel: f64, what: &str) {
    let tol = rel * a.abs().max(b.abs()).max(1e-300);
    assert!(
        (a - b).abs() <= tol,
        "{what}: ours {a:e} vs peer {b:e} (rel tol {rel:e})"
    );
}

/// Test data from our own generator (any data would do; this keeps it reproducible).
fn data(g: &mut rng::Generator, n: usize, scale: f64, shift: f64) -> Vec<f64> {
    (0..n).map(|_| (g.random() - shift) * scale).collect()
}

/// A serially correlated series (AR(1) with coefficient phi), like session gains.
fn ar1(g: &mut rng::Generator, n: usize, phi: f64) -> Vec<f64> {
    let mut x = 0.0;
    (0..n)
        .map(|_| {
            x = phi * x + (g.random() - 0.5) * 0.05;
            x + 0.002
        })
        .collect()
}

fn run_peer(request: &Value) -> Value {
    let out = sealbook_tests::peer_output(
        sealbook_tests::python_script("stats_peer.py"),
        request.to_string().as_bytes(),
        "stats_peer.py",
    );
    serde_json::from_slice(&out).expect("peer JSON")
}

#[test]
fn stats_match_the_python_peers() {
    let mut g = rng::Generator::default_rng(7);

    // --- generator cases: bounds on every numpy path, interleaved with doubles
    let bounds: &[(i64, i64)] = &[
        (0, 1),
        (0, 2),
        (0, 5),
        (0, 7),
        (0, 10),
        (0, 122),
        (0, 126),
        (-5, 5),
        (1000, 1001),
        (0, 1 << 31),
        (0, (1 << 32) - 1),
        (0, 1 << 32),
        (0, (1 << 32) + 1),
        (0, 1 << 62),
        (-(1 << 40), 1 << 40),
        (i64::MIN, i64::MAX),
    ];
    let mut seeds: Vec<u128> = vec![
        0,
        1,
        2,
        42,
        20_261_102,
        1 << 32,
        (1 << 32) + 5,
        u64::MAX as u128,
        (1 << 96) + 7,
    ];
    seeds.extend((0..30).map(|_| g.integers(0, i64::MAX).unwrap() as u128));
    let mut rng_cases = Vec::new();
    for (i, &seed) in seeds.iter().enumerate() {
        let mut ops = Vec::new();
        for j in 0..8 {
            let (low, high) = bounds[(i * 3 + j * 5) % bounds.len()];
            let size = 1 + (i + 2 * j) % 9;
            ops.push(json!({"op": "int", "low": low, "high": high, "size": size}));
            if j % 3 == 1 {
                ops.push(json!({"op": "random", "size": 1 + j % 4}));
            }
        }
        rng_cases.push(json!({"seed": seed.to_string(), "ops": ops}));
    }

    // --- reductions on lengths that cross numpy's 8 and 128 pairwise boundaries
    let lengths = [
        1usize, 2, 7, 8, 9, 15, 16, 17, 100, 127, 128, 129, 130, 255, 256, 257, 1000, 10_000,
    ];
    let reduce_data: Vec<Vec<f64>> = lengths.iter().map(|&n| data(&mut g, n, 1.0, 0.3)).collect();

    // --- bootstrap semantics against arch
    let series: Vec<Vec<f64>> = vec![
        ar1(&mut g, 126, 0.4),
        ar1(&mut g, 37, 0.2),
        data(&mut g, 11, 0.1, 0.5),
    ];
    let mut arch_cases = Vec::new();
    let mut arch_meta = Vec::new();
    for (k, x) in series.iter().enumerate() {
        for (kind, scheme) in [
            ("iid", bootstrap::Resampling::Iid),
            ("moving", bootstrap::Resampling::MovingBlock { block: 5 }),
            (
                "circular",
                bootstrap::Resampling::CircularBlock { block: 3 },
            ),
        ] {
            let block = match scheme {
                bootstrap::Resampling::MovingBlock { block }
                | bootstrap::Resampling::CircularBlock { block } => block,
                bootstrap::Resampling::Iid => 0,
            };
            let seed = 20_261_102 + k as u64;
            let level = if k == 1 { 0.9 } else { 0.95 };
            arch_cases.push(json!({"x": bits(x), "kind": kind, "block": block, "seed": seed, "reps": 300, "level": level}));
            arch_meta.push((x.clone(), scheme, seed));
        }
    }

    // --- primary endpoint: a season of gains with a small edge, one without, one short
    let primary_series = [
        ar1(&mut g, 116, 0.3),
        data(&mut g, 116, 0.004, 0.5),
        ar1(&mut g, 20, 0.1),
    ];

    // --- session-cluster bootstrap: sessions of 0..12 rows (one empty)
    let clusters: Vec<Vec<f64>> = (0..23)
        .map(|s| data(&mut g, (s * 5) % 13, 0.5, 0.0))
        .collect();

    // --- special functions
    let t_ppf: Vec<(f64, f64)> = [0.51, 0.6, 0.9, 0.95, 0.975, 0.995, 0.999, 0.025, 0.05, 1e-6]
        .iter()
        .flat_map(|&p| [1.0, 2.0, 3.0, 4.0, 7.0, 19.0, 29.0, 115.0, 1000.0].map(move |df| (p, df)))
        .collect();
    let t_cdf: Vec<(f64, f64)> = [-30.0, -3.0, -1.0, -0.1, 0.0, 0.2, 1.7, 2.5, 8.0]
        .iter()
        .flat_map(|&x| [1.0, 3.0, 10.0, 125.0].map(move |df| (x, df)))
        .collect();
    let norm_ppf = [
        1e-12, 1e-6, 0.001, 0.025, 0.05, 0.2, 0.5, 0.8, 0.95, 0.975, 0.999999,
    ];
    let binom: Vec<(u64, u64)> = vec![
        (0, 1),
        (1, 1),
        (0, 10),
        (3, 10),
        (5, 10),
        (7, 10),
        (10, 10),
        (12, 30),
        (40, 100),
        (61, 100),
        (200, 500),
        (0, 1000),
        (480, 1000),
    ];

    // --- t intervals and TOST on session means
    let t_series = [
        data(&mut g, 5, 0.05, 0.45),
        data(&mut g, 30, 0.03, 0.5),
        data(&mut g, 126, 0.02, 0.5),
    ];

    // --- HAC
    let hac_cases: Vec<(Vec<f64>, usize)> = vec![
        (ar1(&mut g, 126, 0.6), 4),
        (ar1(&mut g, 105, 0.8), 20),
        (ar1(&mut g, 30, 0.0), 0),
        (ar1(&mut g, 50, 0.3), 1),
    ];

    // --- logistic calibration: forecasts with a slope other than one, sessions as clusters
    let mut logit_cases = Vec::new();
    for (n, slope, per) in [(240usize, 0.7, 12usize), (500, 1.4, 11), (96, 1.0, 8)] {
        let mut p = Vec::new();
        let mut y = Vec::new();
        let mut cl = Vec::new();
        for i in 0..n {
            let pi = 0.2 + 0.6 * g.random();
            let z = slope * logistic::logit(pi) + 0.1;
            let truth = 1.0 / (1.0 + (-z).exp());
            p.push(pi);
            y.push(g.random() < truth);
            cl.push((i / per) as u64 + 11);
        }
        logit_cases.push((p, y, cl));
    }

    // --- CRPS and eigenvalues
    let crps_cases: Vec<[f64; 3]> = (0..200)
        .map(|i| {
            [
                (g.random() - 0.5) * 10.0,
                (g.random() - 0.5) * 4.0,
                0.01 + g.random() * 3.0 * (1 + i % 3) as f64,
            ]
        })
        .collect();
    let mut eig_cases: Vec<(Vec<f64>, usize)> = Vec::new();
    for n in [1usize, 2, 3, 5, 8, 9, 11, 14, 20] {
        // a correlation-like matrix from random data, and a random symmetric one
        let cols: Vec<Vec<f64>> = (0..n).map(|_| data(&mut g, 12, 1.0, 0.5)).collect();
        let mut c = vec![0.0; n * n];
        for i in 0..n {
            for j in 0..n {
                c[i * n + j] = sealbook_core::neff::pearson(&cols[i], &cols[j]).unwrap_or(0.0);
            }
            c[i * n + i] = 1.0;
        }
        eig_cases.push((c, n));
        let mut s = vec![0.0; n * n];
        for i in 0..n {
            for j in i..n {
                let v = g.random() * 2.0 - 1.0;
                s[i * n + j] = v;
                s[j * n + i] = v;
            }
        }
        eig_cases.push((s, n));
    }

    let request = json!({
        "rng": rng_cases,
        "reduce": reduce_data.iter().map(|d| bits(d)).collect::<Vec<_>>(),
        "arch": arch_cases,
        "primary": primary_series.iter().map(|d| bits(d)).collect::<Vec<_>>(),
        "cluster": [{"clusters": clusters.iter().map(|c| bits(c)).collect::<Vec<_>>(), "seed": 20_261_102u64, "reps": 500}],
        "special": {"t_ppf": t_ppf, "t_cdf": t_cdf, "norm_ppf": norm_ppf, "binom": binom},
        "tinterval": t_series.iter().map(|d| bits(d)).collect::<Vec<_>>(),
        "hac": hac_cases.iter().map(|(x, l)| json!({"x": bits(x), "lag": l})).collect::<Vec<_>>(),
        "logit": logit_cases.iter().map(|(p, y, c)| json!({"p": bits(p), "y": y, "g": c})).collect::<Vec<_>>(),
        "crps": crps_cases.iter().map(|c| bits(c)).collect::<Vec<_>>(),
        "eigh": eig_cases.iter().map(|(a, n)| json!({"a": bits(a), "n": n})).collect::<Vec<_>>(),
    });
    let peer = run_peer(&request);

    // generator: exact, op by op, including the 32-bit half buffer carried between calls
    for (case, answer) in rng_cases.iter().zip(peer["rng"].as_array().unwrap()) {
        let seed: u128 = case["seed"].as_str().unwrap().parse().unwrap();
        let ss = rng::SeedSequence::new(seed);
        let state: Vec<u64> = ss
            .generate_state_u32(8)
            .into_iter()
            .map(u64::from)
            .collect();
        let peer_state: Vec<u64> = answer["state"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap())
            .collect();
        assert_eq!(state, peer_state, "SeedSequence({seed}).generate_state(8)");
        let mut ours = rng::Generator::default_rng(seed);
        for (op, want) in case["ops"]
            .as_array()
            .unwrap()
            .iter()
            .zip(answer["draws"].as_array().unwrap())
        {
            let size = op["size"].as_u64().unwrap() as usize;
            if op["op"] == "int" {
                let (low, high) = (op["low"].as_i64().unwrap(), op["high"].as_i64().unwrap());
                let got: Vec<i64> = (0..size)
                    .map(|_| ours.integers(low, high).unwrap())
                    .collect();
                let want: Vec<i64> = want
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_i64().unwrap())
                    .collect();
                assert_eq!(
                    got, want,
                    "seed {seed}: integers({low}, {high}, size={size})"
                );
            } else {
                let got: Vec<f64> = (0..size).map(|_| ours.random()).collect();
                assert_eq!(
                    bits(&got),
                    fs(want).iter().map(|x| x.to_bits()).collect::<Vec<_>>(),
                    "seed {seed}: random({size})"
                );
            }
        }
    }

    // numpy reductions and percentiles: exact
    for (d, a) in reduce_data.iter().zip(peer["reduce"].as_array().unwrap()) {
        let n = d.len();
        assert_eq!(
            numpy_reduce::sum(d).to_bits(),
            a["sum"].as_u64().unwrap(),
            "np.sum, n={n}"
        );
        assert_eq!(
            numpy_reduce::mean(d).unwrap().to_bits(),
            a["mean"].as_u64().unwrap(),
            "np.mean, n={n}"
        );
        if n > 1 {
            assert_eq!(
                numpy_reduce::std(d, 1).unwrap().to_bits(),
                a["std1"].as_u64().unwrap(),
                "np.std ddof=1, n={n}"
            );
        }
        let ours: Vec<f64> = [2.5, 97.5, 5.0, 95.0, 50.0, 33.3, 0.0, 100.0]
            .iter()
            .map(|&q| numpy_reduce::percentile(d, q).unwrap())
            .collect();
        assert_eq!(bits(&ours), bits(&fs(&a["pct"])), "np.percentile, n={n}");
    }

    // arch bootstraps: every replicate and the percentile interval, exact
    for ((x, scheme, seed), a) in arch_meta.iter().zip(peer["arch"].as_array().unwrap()) {
        let reps = bootstrap::bootstrap_mean(x, *scheme, 300, *seed).unwrap();
        assert_eq!(
            bits(&reps),
            bits(&fs(&a["reps"])),
            "arch {scheme:?} replicates, n={}",
            x.len()
        );
        let mut sorted = reps.clone();
        sorted.sort_by(f64::total_cmp);
        let q = fs(&a["q"]);
        let ci = [
            numpy_reduce::percentile_sorted(&sorted, q[0]).unwrap(),
            numpy_reduce::percentile_sorted(&sorted, q[1]).unwrap(),
        ];
        assert_eq!(
            bits(&ci),
            bits(&fs(&a["ci"])),
            "arch {scheme:?} percentile interval"
        );
    }

    // the primary endpoint: a numpy script and arch's MovingBlockBootstrap give our figures
    for (gains, a) in primary_series
        .iter()
        .zip(peer["primary"].as_array().unwrap())
    {
        let r = endpoint::primary_endpoint(gains).unwrap();
        assert_eq!(r.estimate.to_bits(), a["estimate"].as_u64().unwrap());
        assert_eq!(
            bits(&[r.ci95.lo, r.ci95.hi]),
            bits(&fs(&a["ci95"])),
            "primary ci95, {} sessions",
            gains.len()
        );
        assert_eq!(
            bits(&[r.ci90.lo, r.ci90.hi]),
            bits(&fs(&a["ci90"])),
            "primary ci90"
        );
        assert_eq!(serde_json::to_value(r.verdict).unwrap(), a["verdict"]);
        let arch95 = fs(&a["arch95"]);
        close(r.ci95.lo, arch95[0], 1e-12, "arch ci95 lo");
        close(r.ci95.hi, arch95[1], 1e-12, "arch ci95 hi");
    }

    // session-cluster bootstrap: exact
    let ours = bootstrap::cluster_bootstrap_mean(&clusters, 500, 20_261_102).unwrap();
    assert_eq!(
        bits(&ours),
        bits(&fs(&peer["cluster"][0])),
        "session-cluster bootstrap replicates"
    );

    // special functions
    let sp = &peer["special"];
    for (&(p, df), want) in t_ppf.iter().zip(fs(&sp["t_ppf"])) {
        close(
            special::student_t_ppf(p, df).unwrap(),
            want,
            1e-12,
            &format!("t.ppf({p}, {df})"),
        );
    }
    for (&(x, df), want) in t_cdf.iter().zip(fs(&sp["t_cdf"])) {
        close(
            special::student_t_cdf(x, df),
            want,
            1e-12,
            &format!("t.cdf({x}, {df})"),
        );
    }
    for (&p, want) in norm_ppf.iter().zip(fs(&sp["norm_ppf"])) {
        close(
            special::normal_ppf(p).unwrap(),
            want,
            1e-14,
            &format!("norm.ppf({p})"),
        );
    }
    for (&(k, n), want) in binom.iter().zip(fs(&sp["binom"])) {
        close(
            sign_test::binom_test_half(k, n),
            want,
            1e-12,
            &format!("binomtest({k}, {n})"),
        );
    }

    // t intervals and TOST on session means
    for (x, a) in t_series.iter().zip(peer["tinterval"].as_array().unwrap()) {
        let t = intervals::t_interval(x, 0.95).unwrap();
        let ci = fs(&a["ci95"]);
        close(t.lo, ci[0], 1e-12, "t interval lo");
        close(t.hi, ci[1], 1e-12, "t interval hi");
        let tost = intervals::tost_session_means(x, 0.01, 0.05).unwrap();
        let p = fs(&a["tost"]);
        close(tost.p_value, p[0], 1e-10, "TOST p");
        close(tost.p_lower, p[1], 1e-10, "TOST p lower");
        close(tost.p_upper, p[2], 1e-10, "TOST p upper");
    }

    // Newey-West against statsmodels and arch
    for ((x, lag), a) in hac_cases.iter().zip(peer["hac"].as_array().unwrap()) {
        let h = hac::newey_west_mean(x, *lag).unwrap();
        close(h.mean, f(&a["mean"]), 1e-12, "HAC mean");
        close(h.se, f(&a["se"]), 1e-11, &format!("HAC se, lag {lag}"));
        close(
            h.long_run_variance,
            f(&a["arch_long_run"]),
            1e-10,
            "arch Bartlett long-run variance",
        );
        let (lo, hi) = h.interval(0.95, hac::Quantile::Normal).unwrap();
        let ci = fs(&a["ci95"]);
        close(lo, ci[0], 1e-11, "HAC interval lo");
        close(hi, ci[1], 1e-11, "HAC interval hi");
    }

    // logistic calibration with session-clustered errors against statsmodels Logit
    for ((p, y, cl), a) in logit_cases.iter().zip(peer["logit"].as_array().unwrap()) {
        let fit = logistic::calibration_fit(p, y, cl).unwrap();
        let params = fs(&a["params"]);
        let bse = fs(&a["bse"]);
        let model = fs(&a["bse_model"]);
        close(fit.a, params[0], 1e-7, "logit a");
        close(fit.b, params[1], 1e-7, "logit b");
        close(fit.se_a, bse[0], 1e-7, "cluster se a");
        close(fit.se_b, bse[1], 1e-7, "cluster se b");
        close(fit.se_a_model, model[0], 1e-7, "model se a");
        close(fit.se_b_model, model[1], 1e-7, "model se b");
    }

    // CRPS against properscoring
    assert_eq!(
        crps::crps_gaussian(0.0, 0.0, 1.0),
        Some(0.23369497725510913)
    );
    for (c, want) in crps_cases.iter().zip(fs(&peer["crps"])) {
        close(
            crps::crps_gaussian(c[0], c[1], c[2]).unwrap(),
            want,
            1e-13,
            &format!("crps_gaussian{c:?}"),
        );
    }

    // eigenvalues against numpy.linalg.eigvalsh
    for ((m, n), want) in eig_cases.iter().zip(peer["eigh"].as_array().unwrap()) {
        let ours = eigen::symmetric_eigenvalues(m, *n).unwrap();
        for (o, w) in ours.iter().zip(fs(want)) {
            assert!(
                (o - w).abs() <= 1e-12 * (*n as f64),
                "eigvalsh n={n}: {o} vs {w}"
            );
        }
    }
}
