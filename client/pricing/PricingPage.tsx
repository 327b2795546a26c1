// Placeholder until its feature lands.
export default function PricingPage() {
  return (
    <div className="page">
      <h1>Unlock Premium Resources</h1>
    </div>
  );
}
