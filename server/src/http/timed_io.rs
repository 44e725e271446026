//! A connection whose stalls end it: [`TimedIo`] wraps the accepted socket and fails a write
//! that has made no progress for the write timeout (a client that never reads its answer),
//! and a read that has waited longer than the idle timeout with no byte moved either way (a
//! keep-alive connection nobody uses). hyper's own header timeout still bounds a request head
//! sent slowly.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::time::{Instant, Sleep};

/// How long a connection may stall.
#[derive(Clone, Copy, Debug)]
pub struct Timeouts {
    /// A whole request head must arrive within this.
    pub header: Duration,
    /// No byte read or written for this long closes the connection.
    pub idle: Duration,
    /// A write that cannot proceed for this long (the client does not read) closes it.
    pub write: Duration,
}

impl Default for Timeouts {
    fn default() -> Self {
        Timeouts {
            header: Duration::from_secs(30),
            idle: Duration::from_secs(60),
            write: Duration::from_secs(30),
        }
    }
}

pub struct TimedIo<T> {
    inner: T,
    timeouts: Timeouts,
    /// When the connection last moved a byte, either way.
    last_progress: Instant,
    /// When the current stalled write started waiting, if one is waiting.
    write_stalled_at: Option<Instant>,
    read_timer: Pin<Box<Sleep>>,
    write_timer: Pin<Box<Sleep>>,
}

impl<T> TimedIo<T> {
    pub fn new(inner: T, timeouts: Timeouts) -> Self {
        let now = Instant::now();
        TimedIo {
            inner,
            timeouts,
            last_progress: now,
            write_stalled_at: None,
            read_timer: Box::pin(tokio::time::sleep_until(now + timeouts.idle)),
            write_timer: Box::pin(tokio::time::sleep_until(now + timeouts.write)),
        }
    }

    fn progressed(&mut self) {
        self.last_progress = Instant::now();
    }
}

/// Arms `timer` for `deadline` and reports whether it has passed (registering the waker
/// when it has not).
fn expired(timer: &mut Pin<Box<Sleep>>, deadline: Instant, cx: &mut Context<'_>) -> bool {
    if timer.deadline() != deadline {
        timer.as_mut().reset(deadline);
    }
    timer.as_mut().poll(cx).is_ready()
}

fn timed_out(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, what.to_string())
}

impl<T: AsyncRead + Unpin> AsyncRead for TimedIo<T> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        let before = buf.filled().len();
        match Pin::new(&mut this.inner).poll_read(cx, buf) {
            Poll::Ready(r) => {
                if buf.filled().len() > before {
                    this.progressed();
                }
                Poll::Ready(r)
            }
            Poll::Pending => {
                let deadline = this.last_progress + this.timeouts.idle;
                if expired(&mut this.read_timer, deadline, cx) {
                    Poll::Ready(Err(timed_out("connection idle")))
                } else {
                    Poll::Pending
                }
            }
        }
    }
}

impl<T: AsyncWrite + Unpin> TimedIo<T> {
    /// The outcome of one write attempt: progress resets the clocks, a stall starts one.
    fn after_write<R>(
        &mut self,
        r: Poll<io::Result<R>>,
        cx: &mut Context<'_>,
    ) -> Poll<io::Result<R>> {
        match r {
            Poll::Ready(r) => {
                self.write_stalled_at = None;
                if r.is_ok() {
                    self.progressed();
                }
                Poll::Ready(r)
            }
            Poll::Pending => {
                let since = *self.write_stalled_at.get_or_insert_with(Instant::now);
                if expired(&mut self.write_timer, since + self.timeouts.write, cx) {
                    Poll::Ready(Err(timed_out("client does not read its answer")))
                } else {
                    Poll::Pending
                }
            }
        }
    }
}

impl<T: AsyncWrite + Unpin> AsyncWrite for TimedIo<T> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        self.after_write(r, cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        self.after_write(r, cx)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let r = Pin::new(&mut self.inner).poll_flush(cx);
        self.after_write(r, cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let r = Pin::new(&mut self.inner).poll_shutdown(cx);
        self.after_write(r, cx)
    }
}
