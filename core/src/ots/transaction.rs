//! Recognising a Bitcoin transaction inside a proof, as `ots info` does: the reference prints
//! `Transaction id <txid>` above every message that python-bitcoinlib's
//! `CTransaction.deserialize` reads completely (the calendar's transaction on the path to the
//! block's merkle root; spec §3.2, Appendix B step 6).

use sha2::{Digest, Sha256};

/// A reader that fails (returns `None`) on any read past the end, as `ser_read` raises.
struct TxReader<'a> {
    data: &'a [u8],
    pos: usize,
}

impl TxReader<'_> {
    fn take(&mut self, n: u64) -> Option<&[u8]> {
        let end = self.pos.checked_add(usize::try_from(n).ok()?)?;
        let s = self.data.get(self.pos..end)?;
        self.pos = end;
        Some(s)
    }

    fn byte(&mut self) -> Option<u8> {
        Some(self.take(1)?[0])
    }

    /// `VarIntSerializer` (Bitcoin's CompactSize, without a canonical-form check).
    fn varint(&mut self) -> Option<u64> {
        let le = |b: &[u8]| b.iter().rev().fold(0u64, |acc, &x| acc << 8 | u64::from(x));
        Some(match self.byte()? {
            0xfd => le(self.take(2)?),
            0xfe => le(self.take(4)?),
            0xff => le(self.take(8)?),
            b => u64::from(b),
        })
    }

    /// `BytesSerializer`.
    fn var_bytes(&mut self) -> Option<()> {
        let n = self.varint()?;
        self.take(n).map(|_| ())
    }

    /// `VectorSerializer`: a count, then that many items (each consumes at least one byte,
    /// so a huge count fails at the end of the data).
    fn vector(&mut self, item: fn(&mut Self) -> Option<()>) -> Option<u64> {
        let n = self.varint()?;
        for _ in 0..n {
            item(self)?;
        }
        Some(n)
    }

    fn tx_in(&mut self) -> Option<()> {
        self.take(36)?; // prevout
        self.var_bytes()?; // scriptSig
        self.take(4).map(|_| ()) // nSequence
    }

    fn tx_out(&mut self) -> Option<()> {
        self.take(8)?; // nValue
        self.var_bytes() // scriptPubKey
    }

    fn witness(&mut self) -> Option<()> {
        self.vector(Self::var_bytes).map(|_| ())
    }
}

/// The transaction id (display order: reversed double SHA-256) if `msg` is exactly one
/// transaction as python-bitcoinlib reads it (segwit marker and flag `00 01` select the
/// witness form), else `None`.
pub fn transaction_id(msg: &[u8]) -> Option<[u8; 32]> {
    let mut r = TxReader { data: msg, pos: 0 };
    r.take(4)?; // nVersion
    let marker = r.byte()?;
    let flag = r.byte()?;
    if marker == 0 && flag == 1 {
        let inputs = r.vector(TxReader::tx_in)?;
        r.vector(TxReader::tx_out)?;
        for _ in 0..inputs {
            r.witness()?;
        }
    } else {
        r.pos -= 2;
        r.vector(TxReader::tx_in)?;
        r.vector(TxReader::tx_out)?;
    }
    r.take(4)?; // nLockTime
    if r.pos != msg.len() {
        return None;
    }
    let mut id: [u8; 32] = Sha256::digest(Sha256::digest(msg)).into();
    id.reverse();
    Some(id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hex;

    #[test]
    fn genesis_coinbase_is_a_transaction() {
        // The genesis block's only transaction; its id is the genesis merkle root.
        let tx = hex::decode(concat!(
            "01000000010000000000000000000000000000000000000000000000000000000000000000ffffffff4d04ffff001d",
            "0104455468652054696d65732030332f4a616e2f32303039204368616e63656c6c6f72206f6e206272696e6b206f",
            "66207365636f6e64206261696c6f757420666f722062616e6b73ffffffff0100f2052a01000000434104678afdb0",
            "fe5548271967f1a67130b7105cd6a828e03909a67962e0ea1f61deb649f6bc3f4cef38c4f35504e51ec112de5c38",
            "4df7ba0b8d578a4c702b6bf11d5fac00000000"
        ))
        .unwrap();
        assert_eq!(
            hex::encode(&transaction_id(&tx).unwrap()),
            "4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b"
        );
        assert_eq!(transaction_id(&tx[..tx.len() - 1]), None);
        assert_eq!(transaction_id(&[tx.as_slice(), &[0]].concat()), None);
        assert_eq!(transaction_id(&[0; 32]), None);
    }
}
