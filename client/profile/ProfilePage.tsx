// Placeholder until its feature lands.
export default function ProfilePage() {
  return (
    <div className="page">
      <h1>Your Cosmic Profile</h1>
    </div>
  );
}
