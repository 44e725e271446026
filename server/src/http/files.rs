//! Finding a routed path on disk without leaving its root, and streaming a file as a body.

use bytes::Bytes;
use hyper::body::{Body, Frame, SizeHint};
use std::fs::Metadata;
use std::io;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::task::{Context, Poll};
use tokio::io::{AsyncRead, ReadBuf};

/// What a path under a root is.
#[derive(Debug)]
pub enum Found {
    File(PathBuf, Metadata),
    Dir,
    /// Missing, unreadable, or (through a symlink) outside the root.
    Nothing,
}

/// Looks up `segments` (already checked by [`super::route`]) under `root`. The real path,
/// symlinks resolved, must stay inside the real root, so a link pointing out is not followed.
pub fn find(root: &Path, segments: &[String]) -> Found {
    let Ok(root) = root.canonicalize() else {
        return Found::Nothing;
    };
    let mut path = root.clone();
    path.extend(segments);
    let Ok(real) = path.canonicalize() else {
        return Found::Nothing;
    };
    if !real.starts_with(&root) {
        return Found::Nothing;
    }
    match std::fs::metadata(&real) {
        Ok(m) if m.is_dir() => Found::Dir,
        Ok(m) if m.is_file() => Found::File(real, m),
        _ => Found::Nothing,
    }
}

/// Whether `path` (an entry of a directory inside `root`) resolves inside `root`.
pub fn stays_inside(root: &Path, path: &Path) -> bool {
    match (root.canonicalize(), path.canonicalize()) {
        (Ok(root), Ok(real)) => real.starts_with(root),
        _ => false,
    }
}

const CHUNK: usize = 64 * 1024;

/// A file's first `len` bytes as a response body, read in 64 KiB chunks. The length is fixed
/// when the file is opened, so a book that grows meanwhile is still sent consistently.
pub struct FileBody {
    file: tokio::fs::File,
    remaining: u64,
    buf: Vec<u8>,
}

impl FileBody {
    pub fn new(file: tokio::fs::File, len: u64) -> Self {
        FileBody {
            file,
            remaining: len,
            buf: vec![0; CHUNK],
        }
    }
}

impl Body for FileBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let this = &mut *self;
        if this.remaining == 0 {
            return Poll::Ready(None);
        }
        let want = this.remaining.min(CHUNK as u64) as usize;
        let mut rb = ReadBuf::new(&mut this.buf[..want]);
        match Pin::new(&mut this.file).poll_read(cx, &mut rb) {
            Poll::Pending => Poll::Pending,
            Poll::Ready(Err(e)) => Poll::Ready(Some(Err(e))),
            Poll::Ready(Ok(())) => {
                let n = rb.filled().len();
                if n == 0 {
                    this.remaining = 0;
                    return Poll::Ready(Some(Err(io::Error::new(
                        io::ErrorKind::UnexpectedEof,
                        "file shrank while being sent",
                    ))));
                }
                this.remaining -= n as u64;
                Poll::Ready(Some(Ok(Frame::data(Bytes::copy_from_slice(
                    &this.buf[..n],
                )))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.remaining == 0
    }

    fn size_hint(&self) -> SizeHint {
        SizeHint::with_exact(self.remaining)
    }
}
