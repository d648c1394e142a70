//! The accept loop: HTTP/1.1 with keep-alive and HTTP/2 cleartext (auto-detected), slow-client
//! timeouts, a connection cap, and graceful shutdown.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::server::graceful::GracefulShutdown;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::App;
use crate::limits;

/// Connection-level settings; tests shorten the timeouts.
#[derive(Debug, Clone)]
pub struct ServerOptions {
    pub header_read_timeout: Duration,
    pub max_connections: usize,
    pub shutdown_grace: Duration,
}

impl Default for ServerOptions {
    fn default() -> ServerOptions {
        ServerOptions {
            header_read_timeout: limits::HEADER_READ_TIMEOUT,
            max_connections: limits::MAX_CONNECTIONS,
            shutdown_grace: limits::SHUTDOWN_GRACE,
        }
    }
}

/// Serves `listener` until `shutdown` resolves, then lets in-flight requests finish (up to the
/// grace period).
pub async fn serve(
    listener: TcpListener,
    app: Arc<App>,
    options: ServerOptions,
    shutdown: impl Future<Output = ()>,
) {
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(options.header_read_timeout)
        .max_buf_size(limits::MAX_HEADER_BYTES.max(limits::HYPER_MIN_BUF_BYTES))
        .keep_alive(true);
    builder
        .http2()
        .timer(TokioTimer::new())
        .max_header_list_size(limits::MAX_HEADER_BYTES as u32)
        .max_concurrent_streams(limits::H2_MAX_CONCURRENT_STREAMS)
        .keep_alive_interval(Some(limits::H2_PING_INTERVAL))
        .keep_alive_timeout(limits::H2_PING_TIMEOUT);
    let graceful = GracefulShutdown::new();
    let connections = Arc::new(Semaphore::new(options.max_connections));
    let sweeper = {
        let app = app.clone();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(limits::RATE_SWEEP_INTERVAL);
            loop {
                tick.tick().await;
                app.limiter.sweep(app.clock.now_ms());
            }
        })
    };
    tokio::pin!(shutdown);
    loop {
        // Past the cap, stop accepting: new clients wait in the kernel's backlog.
        let permit = tokio::select! {
            permit = connections.clone().acquire_owned() => match permit { Ok(p) => p, Err(_) => break },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(error) => {
                    // Usually EMFILE or a reset during the handshake; back off briefly.
                    crate::log_line!("accept failed: {error}");
                    tokio::time::sleep(limits::ACCEPT_BACKOFF).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let metrics = app.metrics.clone();
        let app = app.clone();
        let service = service_fn(move |request| {
            let app = app.clone();
            async move { Ok::<_, Infallible>(app.handle(request, peer.ip()).await) }
        });
        let connection = builder.serve_connection(TokioIo::new(stream), service).into_owned();
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            let _open = metrics.open_connection();
            let _ = connection.await;
            drop(permit);
        });
    }
    sweeper.abort();
    drop(listener);
    tokio::select! {
        () = graceful.shutdown() => {}
        () = tokio::time::sleep(options.shutdown_grace) => crate::log_line!("shutdown grace period over; closing remaining connections"),
    }
}
