import type { TourPictureId } from './tour-picture-files.ts';

export interface TourContentSeed {
  summary: string;
  /** Day 1 first. */
  itinerary: { title: string; description: string }[];
  included: string[];
  /** The first is the tour's main picture. */
  pictures: { id: TourPictureId; alt: string }[];
}

/** What each seeded tour's page says, by tour code (data/tours.ts). */
export const TOUR_CONTENT: Record<string, TourContentSeed> = {
  'MHW-VIE': {
    summary:
      'Mozart arrived in Vienna at six to play for the Empress and returned to make his name there. We follow him from the Hofburg and the Schönbrunn palace to the Stephansdom, where he married, and on to Salzburg, where he was born, with a concert in each city and our two lecturers beside you throughout.',
    itinerary: [
      { title: 'London to Vienna', description: 'Morning flight to Vienna. Afternoon walk through the old town to the Stephansdom; welcome dinner.' },
      { title: 'The Habsburg court', description: 'The Hofburg and its Treasury; afternoon lecture on music at court. Evening concert in the Musikverein.' },
      { title: 'Schönbrunn', description: 'The palace where the six-year-old Mozart played for Maria Theresa, and the Gloriette above its gardens.' },
      { title: 'To Salzburg', description: 'By train along the Danube valley to Salzburg; evening walk below the fortress.' },
      { title: 'Mozart’s Salzburg', description: 'His birthplace and the family’s later home; the cathedral where he was organist. Chamber concert at the Mozarteum.' },
      { title: 'Home', description: 'Morning at leisure; afternoon flight from Salzburg to London.' },
    ],
    included: [
      'Five nights in two hotels with breakfast',
      'Four dinners with wine',
      'Tickets for two concerts',
      'The outbound group flight from London Heathrow',
      'All admissions, coach and rail travel on the itinerary',
      'Lectures and guiding by our two lecturers',
    ],
    pictures: [
      { id: 'mhw-vie-skyline', alt: 'Drawing of Vienna at dusk: the spire of St Stephen’s Cathedral rising between two Baroque domes.' },
      { id: 'mhw-vie-hall', alt: 'Drawing of a gilded concert hall with an organ front and three chandeliers above the stalls.' },
    ],
  },
  'TSG-SIC': {
    summary:
      'Sicily has been Greek, Roman, Arab and Norman, and kept something of each. In a group of no more than sixteen we see the Doric temples of Agrigento and Selinunte, Syracuse on its island of Ortigia, and the gold mosaics of Palermo, Monreale and Cefalù.',
    itinerary: [
      { title: 'Arrival in Syracuse', description: 'Flight to Catania and transfer to Ortigia; dinner near the cathedral built into a Greek temple.' },
      { title: 'Greek Syracuse', description: 'The theatre, the quarries and the archaeological museum.' },
      { title: 'Noto', description: 'The Baroque town rebuilt after the earthquake of 1693.' },
      { title: 'Piazza Armerina', description: 'The Roman villa and its floor mosaics; on to Agrigento.' },
      { title: 'The Valley of the Temples', description: 'A morning among the temples, with a lecture on Greek colonies in the west.' },
      { title: 'Selinunte', description: 'The largest archaeological park in Europe, with our lecturer who has dug there; on to Palermo.' },
      { title: 'Norman Palermo', description: 'The Palatine Chapel, the Martorana and the red domes of San Giovanni degli Eremiti.' },
      { title: 'Monreale and Cefalù', description: 'Two cathedrals and their mosaics of Christ Pantocrator.' },
      { title: 'Home', description: 'Transfer to Palermo airport for the flight home.' },
    ],
    included: ['Eight nights with breakfast', 'Five dinners with wine', 'All admissions and coach travel', 'Lectures and guiding by our lecturer'],
    pictures: [
      { id: 'tsg-sic-temple', alt: 'Drawing of a Doric temple on a ridge above the sea, with an umbrella pine and a cypress.' },
      { id: 'tsg-sic-mosaic', alt: 'Drawing of the gold apse of a Norman church, a cross at its crown and arches below.' },
    ],
  },
  'MF-BAY': {
    summary:
      'Wagner built his own theatre on a hill outside Bayreuth for the Ring, and the festival still plays it there each summer. We have tickets for the four operas of the cycle, with a talk before each and free days between them to see the town and Wagner’s house, Wahnfried.',
    itinerary: [
      { title: 'Arrival', description: 'Flight to Nuremberg and coach to Bayreuth; introductory talk over dinner.' },
      { title: 'Das Rheingold', description: 'Morning at Wahnfried and the Richard Wagner Museum; talk, then the first opera.' },
      { title: 'Die Walküre', description: 'The Margravial Opera House in the morning; talk and performance.' },
      { title: 'Siegfried', description: 'A free morning; talk and performance.' },
      { title: 'Götterdämmerung', description: 'The Hermitage gardens; talk and the last opera of the cycle.' },
      { title: 'Home', description: 'Coach to Nuremberg for the flight home.' },
    ],
    included: ['Five nights with breakfast', 'Category B tickets for the four operas', 'A talk before each performance', 'Coach travel and admissions'],
    pictures: [
      { id: 'mf-bay-hill', alt: 'Drawing of the Bayreuth Festival Theatre on its green hill at sunset, framed by cypresses.' },
      { id: 'mf-bay-stage', alt: 'Drawing of an opera stage with red curtains drawn back on a starlit set.' },
    ],
  },
  'LD-GRE': {
    summary:
      'Greenwich was a royal palace before it was a hospital for seamen. We spend the day there with an architectural historian: Wren’s Old Royal Naval College and its Painted Hall, the Queen’s House, and the walk up the hill to the Royal Observatory and the Prime Meridian.',
    itinerary: [
      {
        title: 'A day in Greenwich',
        description:
          'Meet at 10:00 at the Old Royal Naval College. The Painted Hall and the chapel; lunch; the Queen’s House; the Royal Observatory. We finish by 16:30 at the top of the park.',
      },
    ],
    included: ['Guiding by our lecturer all day', 'Admissions to the Painted Hall, the Queen’s House and the Observatory', 'A two-course lunch with wine'],
    pictures: [
      { id: 'ld-gre-river', alt: 'Drawing of Greenwich from the Thames: the long colonnades and twin domes of the Naval College.' },
      { id: 'ld-gre-observatory', alt: 'Drawing of the Royal Observatory’s red-brick building and dome, with the meridian line running down the hill.' },
    ],
  },
  'OT-BAC': {
    summary:
      'In his first years as Cantor in Leipzig, Bach wrote a cantata almost every week. In an evening talk online, with musical examples, our lecturer explains how they were written, rehearsed and heard in the Thomaskirche.',
    itinerary: [
      {
        title: 'The talk',
        description: 'An hour’s talk at 19:00 London time followed by questions. The link arrives by e-mail the day before; a recording is available for a week.',
      },
    ],
    included: ['The live talk and questions', 'A recording for seven days', 'Notes and a listening list to download'],
    pictures: [
      { id: 'ot-bac-organ', alt: 'Drawing of a church organ with gilded pipes, lit in a dark gallery.' },
      { id: 'ot-bac-score', alt: 'Drawing of an open musical score on a desk under a reading lamp.' },
    ],
  },
  'LA-ROM': {
    summary:
      'Caravaggio arrived in Rome at twenty and within fifteen years had changed painting. Two lectures, with a break for tea, on his patrons and the three churches where his pictures still hang, with a night in Bloomsbury for those coming from further away.',
    itinerary: [
      { title: 'The lectures', description: 'Lectures at 14:00 and 16:00 in Bloomsbury, with tea between them; dinner for those staying.' },
      { title: 'Departure', description: 'Breakfast at the hotel for those who stay the night.' },
    ],
    included: ['Two lectures', 'Afternoon tea', 'An optional night with breakfast at The Ambrose Hotel'],
    pictures: [
      { id: 'la-rom-dome', alt: 'Drawing of the dome of St Peter’s in Rome at evening, above umbrella pines.' },
      { id: 'la-rom-chapel', alt: 'Drawing of a dark chapel where a shaft of light falls across a painting, a candle beside it.' },
    ],
  },
  'CO-PRO': {
    summary:
      'Two evenings of Prokofiev’s five piano concertos at the Barbican, each with a talk beforehand by a pianist who has played them, and a night close by so there is no late journey home.',
    itinerary: [
      { title: 'First concert', description: 'Check in from 15:00; pre-concert talk at 18:00; Concertos 1, 2 and 3 at 19:30.' },
      { title: 'Second concert', description: 'A free day in the City; talk at 18:00 and Concertos 4 and 5 at 19:30.' },
    ],
    included: ['Stalls seats for both concerts', 'Two pre-concert talks', 'A night with breakfast at The Clerkenwell Hotel'],
    pictures: [
      { id: 'co-pro-towers', alt: 'Drawing of the Barbican’s three towers at night, their windows lit above the lake.' },
      { id: 'co-pro-piano', alt: 'Drawing of a grand piano alone on a stage under a spotlight.' },
    ],
  },
  'PG-FLO': {
    summary:
      'A private tour for your own party of up to twelve: the Florence of the Medici, from the chapels and the palace where they lived to the villas where they spent the summer, at the pace you choose with your lecturer.',
    itinerary: [
      { title: 'Arrival', description: 'Transfer to the Palazzo Rucellai; an evening walk to the Duomo.' },
      { title: 'The Medici palace', description: 'The Palazzo Medici Riccardi and its chapel of the Magi; San Lorenzo.' },
      { title: 'The Medici chapels', description: 'Michelangelo’s New Sacristy and the Laurentian Library.' },
      { title: 'The villas', description: 'By minibus to the villas of Castello and La Petraia in the hills.' },
      { title: 'The Uffizi', description: 'A morning in the Uffizi before the crowds; a free afternoon.' },
      { title: 'Home', description: 'Transfer to the airport or the station.' },
    ],
    included: ['Five nights in apartments with breakfast', 'A private lecturer throughout', 'Reserved entries to every museum', 'Private transfers and minibus'],
    pictures: [
      { id: 'pg-flo-duomo', alt: 'Drawing of Florence: Brunelleschi’s red dome and the tower of the Palazzo Vecchio above the rooftops.' },
      { id: 'pg-flo-villa', alt: 'Drawing of a Medici villa on a Tuscan hillside among cypresses.' },
    ],
  },
  'UN-TBC': {
    summary:
      'The Gothic began in northern France: four days among its great cathedrals, from Reims, where the kings were crowned, to Amiens and Laon. The final order of visits is being settled with the cathedrals and will be sent before departure.',
    itinerary: [
      { title: 'To Reims', description: 'Eurostar to Paris and coach to Reims; the cathedral at evening.' },
      { title: 'Reims', description: 'The cathedral, its sculpture and the Palais du Tau.' },
      { title: 'Laon', description: 'The cathedral on its hill and its towers of oxen.' },
      { title: 'Amiens', description: 'The largest cathedral in France and its choir stalls.' },
      { title: 'Home', description: 'Coach to Paris and Eurostar to London.' },
    ],
    included: ['Four nights with breakfast', 'Three dinners', 'Eurostar and coach travel', 'Lectures and guiding by our lecturer'],
    pictures: [
      { id: 'un-tbc-facade', alt: 'Drawing of the west front of a Gothic cathedral with twin towers and a rose window.' },
      { id: 'un-tbc-rose', alt: 'Drawing of a stained-glass rose window in blue, red and gold, light falling from it.' },
    ],
  },
};
