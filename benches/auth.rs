//! Token issue and verification, including forged tokens (which must fail just as fast).

use consultancy_api::auth::Keys;
use consultancy_api::auth::token::{self, Parties};
use criterion::{Criterion, black_box, criterion_group, criterion_main};

const KEY: &str = "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f";
const PARTIES: Parties<'static> =
    Parties { issuer: "https://auth.example.com", audience: "https://api.example.com" };
const NOW: u64 = 1_800_000_000;

fn tokens(c: &mut Criterion) {
    let keys = Keys::from_hex(KEY, None).expect("key");
    let good = token::issue(&keys, PARTIES, "lc_bench", NOW);
    // Another last character of the signature, one that still decodes (its two spare bits
    // zero), so the forgery fails on the MAC. Always `A` failed one run in 16: when the
    // signature already ended in `A`, the "forged" token was the genuine one.
    let mut forged = good.clone();
    let last = forged.pop();
    forged.push(if last == Some('A') { 'E' } else { 'A' });
    assert_ne!(forged, good);
    let mut group = c.benchmark_group("token");
    // A token's header and length are the same for one client and time (only its `jti`, of a
    // fixed length, is random), so a token of another form fails the bench.
    let header = good.split('.').next().expect("a header segment");
    group.bench_function("issue", |b| {
        b.iter(|| {
            let issued = token::issue(&keys, PARTIES, black_box("lc_bench"), NOW);
            assert!(issued.len() == good.len() && issued.starts_with(header));
            issued
        })
    });
    group.bench_function("verify_valid", |b| {
        b.iter(|| assert!(token::verify(&keys, PARTIES, black_box(&good), NOW + 10).is_ok()))
    });
    group.bench_function("verify_forged", |b| {
        b.iter(|| assert!(token::verify(&keys, PARTIES, black_box(&forged), NOW + 10).is_err()))
    });
    group.bench_function("verify_garbage", |b| {
        b.iter(|| assert!(token::verify(&keys, PARTIES, black_box("not.a.token"), NOW).is_err()))
    });
    group.finish();
}

criterion_group!(benches, tokens);
criterion_main!(benches);
