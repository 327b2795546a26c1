// Placeholder until its feature lands.
export default function ResourcesPage() {
  return (
    <div className="page">
      <h1>Resource Library</h1>
    </div>
  );
}
