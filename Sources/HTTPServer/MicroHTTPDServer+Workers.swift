extension MicroHTTPDServer {
  /// Requests a worker runs now (or has been given and is about to), for `/metrics`.
  public var workersBusy: Int {
    context.scheduler.counts.running
  }

  /// Complete requests waiting for a worker, in their accounts' lines (`RequestScheduler`).
  public var requestsWaitingForAWorker: Int {
    context.scheduler.counts.waiting
  }
}
