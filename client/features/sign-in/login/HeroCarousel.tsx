/**
 * The login screen's hero carousel (SPEC.md: 9 slides, autoplay every 4000 ms,
 * looping, clickable pagination). Loaded only on wide screens, so swiper never
 * reaches phones, where the carousel is not shown. Autoplay starts stopped for
 * users who prefer reduced motion, pauses while focus is inside, and can be
 * paused at any time (WCAG 2.2.2).
 */
import { useEffect, useRef, type FocusEvent } from 'react';
import { A11y, Autoplay, Keyboard, Pagination } from 'swiper/modules';
import { Swiper, SwiperSlide, type SwiperClass } from 'swiper/react';
import 'swiper/css';
import 'swiper/css/a11y';
import 'swiper/css/pagination';
import { LOGIN_CAROUSEL_AUTOPLAY_MS } from '../../../../common/constants.ts';
import { LOGIN_SLIDES } from '../../../content/login-slides.ts';
import { useAutoplay } from '../../../lib/reduced-motion.ts';
import './HeroCarousel.css';

export default function HeroCarousel() {
  const [playing, setPlaying] = useAutoplay();
  const swiperRef = useRef<SwiperClass | null>(null);

  useEffect(() => {
    const autoplay = swiperRef.current?.autoplay;
    if (!autoplay) return;
    if (playing) autoplay.start();
    else autoplay.stop();
  }, [playing]);

  const pauseWhileFocused = (event: FocusEvent<HTMLElement>) => {
    if (playing && !event.currentTarget.contains(event.relatedTarget)) swiperRef.current?.autoplay.pause();
  };
  const resumeWhenFocusLeaves = (event: FocusEvent<HTMLElement>) => {
    if (playing && !event.currentTarget.contains(event.relatedTarget)) swiperRef.current?.autoplay.resume();
  };

  return (
    <section className="hero-carousel" aria-label="Why creators choose us" onFocus={pauseWhileFocused} onBlur={resumeWhenFocusLeaves}>
      <Swiper
        modules={[A11y, Autoplay, Keyboard, Pagination]}
        loop
        autoplay={{ delay: LOGIN_CAROUSEL_AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true }}
        pagination={{ clickable: true }}
        keyboard={{ enabled: true, onlyInViewport: true }}
        a11y={{ containerMessage: 'Why creators choose us', paginationBulletMessage: 'Show slide {{index}}' }}
        onSwiper={(swiper) => {
          swiperRef.current = swiper;
          if (!playing) swiper.autoplay.stop();
        }}
        className="hero-carousel__swiper"
      >
        {LOGIN_SLIDES.map((slide) => (
          <SwiperSlide key={slide.image} className="hero-carousel__slide">
            <img className="hero-carousel__image" src={slide.image} alt="" width="480" height="360" decoding="async" />
            <h2 className="hero-carousel__title">{slide.title}</h2>
            <p className="hero-carousel__description">{slide.description}</p>
          </SwiperSlide>
        ))}
      </Swiper>
      <button type="button" className="hero-carousel__toggle" onClick={() => setPlaying((on) => !on)}>
        {playing ? 'Pause slideshow' : 'Play slideshow'}
      </button>
    </section>
  );
}
