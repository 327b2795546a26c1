// Placeholder until its feature lands.
export default function LoungePage() {
  return (
    <div className="page">
      <h1>Lounge</h1>
    </div>
  );
}
