//! Which dropped file an OpenTimestamps proof, an RFC 3161 token or a Rekor entry covers
//! (Appendix B steps 6, 9 and 10): the file of the same path inside the drop, else the only
//! one with that base name.

use crate::ots::report::stamped_file_name;

/// The dropped file a proof stamps: `dir/130025Z.txt.ots` proves `dir/130025Z.txt` (same path
/// inside the drop); failing that, the only dropped file with that base name. Returns the
/// index into `file_names`.
pub fn pair_proof(proof_name: &str, file_names: &[String]) -> Option<usize> {
    pair_stamped(stamped_file_name(proof_name)?, file_names)
}

/// The dropped stamped list an RFC 3161 token covers: `dir/130019Z.txt.freetsa.tsr` (or
/// `.tst`, or without the authority: `130019Z.txt.tsr`) covers `dir/130019Z.txt`, matched as
/// [`pair_proof`] does.
pub fn pair_token(token_name: &str, file_names: &[String]) -> Option<usize> {
    let lower = token_name.to_ascii_lowercase();
    if !(lower.ends_with(".tsr") || lower.ends_with(".tst")) {
        return None;
    }
    let stem = &token_name[..token_name.len() - 4];
    let without_authority = stem
        .rfind('.')
        .filter(|&i| !stem[i..].contains('/'))
        .map(|i| &stem[..i]);
    pair_stamped(stem, file_names)
        .or_else(|| without_authority.and_then(|s| pair_stamped(s, file_names)))
}

/// The dropped stamped list a Rekor entry or Sigstore bundle covers:
/// `dir/130019Z.txt.rekor.json`, `dir/130019Z.txt.sigstore.json` and `dir/130019Z.txt.sigstore`
/// cover `dir/130019Z.txt`.
pub fn pair_rekor_entry(entry_name: &str, file_names: &[String]) -> Option<usize> {
    [".rekor.json", ".sigstore.json", ".sigstore"]
        .iter()
        .find_map(|suffix| {
            let cut = entry_name.len().checked_sub(suffix.len())?;
            (entry_name.is_char_boundary(cut) && entry_name[cut..].eq_ignore_ascii_case(suffix))
                .then(|| &entry_name[..cut])
        })
        .and_then(|stamped| pair_stamped(stamped, file_names))
}

/// The file named `stamped` (same path in the drop), else the only one with its base name.
fn pair_stamped(stamped: &str, file_names: &[String]) -> Option<usize> {
    if let Some(i) = file_names.iter().position(|n| n == stamped) {
        return Some(i);
    }
    let base = |p: &str| p.rsplit('/').next().unwrap_or(p).to_string();
    let want = base(stamped);
    let mut same_base = file_names
        .iter()
        .enumerate()
        .filter(|(_, n)| base(n) == want);
    match (same_base.next(), same_base.next()) {
        (Some((i, _)), None) => Some(i),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_a_proof_with_its_file_by_path_then_by_unique_base_name() {
        let names: Vec<String> = [
            "proof/2026-10-20/130025Z.txt",
            "proof/2026-10-21/130025Z.txt",
            "other/x.txt",
        ]
        .map(String::from)
        .to_vec();
        assert_eq!(
            pair_proof("proof/2026-10-21/130025Z.txt.ots", &names),
            Some(1)
        );
        assert_eq!(
            pair_proof("130025Z.txt.ots", &names),
            None,
            "two days' lists share the base name"
        );
        assert_eq!(pair_proof("x.txt.ots", &names), Some(2));
        assert_eq!(pair_proof("y.txt.ots", &names), None);
        assert_eq!(pair_proof("130025Z.txt", &names), None, "not a proof");
    }

    #[test]
    fn tokens_and_entries_pair_with_the_list_they_cover() {
        let names = vec![
            "proof/d/130019Z.txt".to_string(),
            "proof/d/140000Z.txt".to_string(),
        ];
        assert_eq!(
            pair_token("proof/d/130019Z.txt.freetsa.tsr", &names),
            Some(0)
        );
        assert_eq!(pair_token("130019Z.txt.digicert.tsr", &names), Some(0));
        assert_eq!(pair_token("proof/d/140000Z.txt.tst", &names), Some(1));
        assert_eq!(pair_token("proof/d/150000Z.txt.freetsa.tsr", &names), None);
        assert_eq!(pair_token("proof/d/130019Z.txt.ots", &names), None);
        assert_eq!(
            pair_rekor_entry("proof/d/140000Z.txt.rekor.json", &names),
            Some(1)
        );
        assert_eq!(pair_rekor_entry("140000Z.txt.json", &names), None);
        assert_eq!(
            pair_rekor_entry("proof/d/140000Z.txt.sigstore.json", &names),
            pair_rekor_entry("proof/d/140000Z.txt.rekor.json", &names)
        );
        assert!(pair_rekor_entry("proof/d/140000Z.txt.sigstore", &names).is_some());
    }
}
