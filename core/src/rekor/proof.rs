//! The RFC 6962 / RFC 9162 Merkle tree hashes and the inclusion proof that leads from an
//! entry's leaf to the log's root (spec §3.2 Level 2, Appendix B step 10).

use super::entry::InclusionProof;
use crate::checks::CheckMsg;
use crate::hex;
use sha2::{Digest, Sha256};

/// The RFC 6962 leaf hash (§2.1): SHA-256(0x00 || data).
pub fn leaf_hash(data: &[u8]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([0u8]);
    h.update(data);
    h.finalize().into()
}

/// The RFC 6962 interior node hash (§2.1): SHA-256(0x01 || left || right).
fn node_hash(l: &[u8; 32], r: &[u8; 32]) -> [u8; 32] {
    let mut h = Sha256::new();
    h.update([1u8]);
    h.update(l);
    h.update(r);
    h.finalize().into()
}

/// The root an inclusion proof leads to (RFC 9162 §2.1.3.2), or why it cannot.
pub fn root_from_inclusion_proof(
    index: u64,
    tree_size: u64,
    leaf: &[u8; 32],
    proof: &[[u8; 32]],
) -> Result<[u8; 32], CheckMsg> {
    if index >= tree_size {
        return Err(CheckMsg::LeafIndexTooLarge {
            index,
            size: tree_size,
        });
    }
    let (mut f_n, mut s_n) = (index, tree_size - 1);
    let mut r = *leaf;
    for p in proof {
        if s_n == 0 {
            return Err(CheckMsg::ProofTooLong);
        }
        if f_n & 1 == 1 || f_n == s_n {
            r = node_hash(p, &r);
            if f_n & 1 == 0 {
                while f_n & 1 == 0 && f_n != 0 {
                    f_n >>= 1;
                    s_n >>= 1;
                }
            }
        } else {
            r = node_hash(&r, p);
        }
        f_n >>= 1;
        s_n >>= 1;
    }
    if s_n != 0 {
        return Err(CheckMsg::ProofTooShort);
    }
    Ok(r)
}

/// The inclusion proof checked: the root it leads to from `leaf` is the root it claims.
pub fn check_inclusion(p: &InclusionProof, leaf: &[u8; 32]) -> Result<CheckMsg, CheckMsg> {
    let root = root_from_inclusion_proof(p.log_index, p.tree_size, leaf, &p.hashes)?;
    if root == p.root_hash {
        Ok(CheckMsg::InclusionOk {
            index: p.log_index,
            size: p.tree_size,
            hashes: p.hashes.len(),
            root: hex::encode(&root),
        })
    } else {
        Err(CheckMsg::InclusionDiffers {
            reached: hex::encode(&root),
            claimed: hex::encode(&p.root_hash),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6962 tree over leaves 0..n by the recursive definition (§2.1), for cross-checking.
    fn mth(leaves: &[[u8; 32]]) -> [u8; 32] {
        if leaves.len() == 1 {
            return leaves[0];
        }
        let k = leaves.len().next_power_of_two() / 2;
        node_hash(&mth(&leaves[..k]), &mth(&leaves[k..]))
    }

    fn path(m: usize, leaves: &[[u8; 32]]) -> Vec<[u8; 32]> {
        if leaves.len() == 1 {
            return vec![];
        }
        let k = leaves.len().next_power_of_two() / 2;
        if m < k {
            let mut p = path(m, &leaves[..k]);
            p.push(mth(&leaves[k..]));
            p
        } else {
            let mut p = path(m - k, &leaves[k..]);
            p.push(mth(&leaves[..k]));
            p
        }
    }

    #[test]
    fn inclusion_proofs_match_the_recursive_definition() {
        for n in 1..40usize {
            let leaves: Vec<[u8; 32]> = (0..n).map(|i| leaf_hash(&[i as u8])).collect();
            let root = mth(&leaves);
            for m in 0..n {
                let p = path(m, &leaves);
                assert_eq!(
                    root_from_inclusion_proof(m as u64, n as u64, &leaves[m], &p).unwrap(),
                    root,
                    "n={n} m={m}"
                );
                if !p.is_empty() {
                    let mut bad = p.clone();
                    bad[0][0] ^= 1;
                    assert_ne!(
                        root_from_inclusion_proof(m as u64, n as u64, &leaves[m], &bad).ok(),
                        Some(root)
                    );
                    assert!(root_from_inclusion_proof(
                        m as u64,
                        n as u64,
                        &leaves[m],
                        &p[..p.len() - 1]
                    )
                    .is_err());
                }
                let mut long = p.clone();
                long.push([0; 32]);
                assert!(root_from_inclusion_proof(m as u64, n as u64, &leaves[m], &long).is_err());
            }
        }
        assert!(root_from_inclusion_proof(5, 5, &[0; 32], &[]).is_err());
    }
}
