//! The accept loop: HTTP/1.1 with keep-alive and HTTP/2 cleartext (auto-detected), slow-client
//! timeouts, a connection cap, and graceful shutdown.
//!
//! At shutdown the listener is dropped first (under socket activation the service manager
//! keeps the socket, so new connections wait for the next process), then every connection is
//! told to finish. One accepted before the stop that has not sent its request yet gets
//! `SHUTDOWN_FIRST_REQUEST_GRACE` to send it, and is answered (`Connection: close`): its
//! client connected successfully and is owed an answer, not a reset. The app is marked
//! draining, so `/healthz` answers 503 on the connections still open.

use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use hyper::service::service_fn;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use tokio::net::TcpListener;
use tokio::sync::{Notify, Semaphore, watch};

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
    let (stop, stopping) = watch::channel(false);
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
        // Notified on every request; it keeps one permit, so "has spoken" stays answered.
        let spoken = Arc::new(Notify::new());
        let service = {
            let spoken = spoken.clone();
            service_fn(move |request: http::Request<hyper::body::Incoming>| {
                spoken.notify_one();
                let app = app.clone();
                async move {
                    let http1 = request.version() < http::Version::HTTP_2;
                    let mut response = app.handle(request, peer.ip()).await;
                    // Stopping: say so on HTTP/1 (HTTP/2 has GOAWAY), so the client does not
                    // send its next request down a connection about to close.
                    if http1 && app.is_draining() {
                        response.headers_mut().insert(
                            http::header::CONNECTION,
                            http::HeaderValue::from_static("close"),
                        );
                    }
                    Ok::<_, Infallible>(response)
                }
            })
        };
        let connection = builder.serve_connection(TokioIo::new(stream), service).into_owned();
        let mut stopping = stopping.clone();
        tokio::spawn(async move {
            let _open = metrics.open_connection();
            tokio::pin!(connection);
            let finished = tokio::select! {
                _ = connection.as_mut() => true,
                _ = stopping.wait_for(|stop| *stop) => false,
            };
            if !finished {
                let finished = tokio::select! {
                    _ = connection.as_mut() => true,
                    () = spoken.notified() => false,
                    () = tokio::time::sleep(limits::SHUTDOWN_FIRST_REQUEST_GRACE) => false,
                };
                if !finished {
                    connection.as_mut().graceful_shutdown();
                    let _ = connection.await;
                }
            }
            drop(permit);
        });
    }
    sweeper.abort();
    drop(listener);
    app.start_draining();
    let _ = stop.send(true);
    // Every connection holds a permit until it ends.
    let all = u32::try_from(options.max_connections).unwrap_or(u32::MAX);
    tokio::select! {
        _ = connections.acquire_many(all) => {}
        () = tokio::time::sleep(options.shutdown_grace) => crate::log_line!("shutdown grace period over; closing remaining connections"),
    }
}
