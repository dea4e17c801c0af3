// A grey placeholder with the collapsed card's shape and height, shown while jobs load.
export function JobCardSkeleton() {
  return (
    <div className="job-card card skeleton-card" aria-hidden="true">
      <div className="job-card-main">
        <span className="company-logo skeleton" />
        <div className="job-card-body">
          <span className="skeleton skeleton-line" style={{ width: "55%", height: 20 }} />
          <span className="skeleton skeleton-line" style={{ width: "30%" }} />
          <span className="skeleton skeleton-line" style={{ width: "70%" }} />
          <span className="skeleton skeleton-line" style={{ width: "45%", height: 24 }} />
        </div>
      </div>
    </div>
  );
}
